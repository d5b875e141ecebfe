import type { Page } from 'playwright-core';

/** The smallest hit area a thumb is given (issue 49; WCAG 2.5.5's 44 x 44 CSS px). */
export const MIN_TARGET = 44;

/** A control whose hit area is smaller than 44 x 44 px, as the test reports it. */
export type SmallTarget = { control: string; box: string; missed: string[] };

/**
 * Every control under `root` (buttons, links outside running text, checkboxes and radios with
 * their labels, selects) whose hit area is not 44 x 44 px. The hit area is measured, not the
 * look: a 44 px square centred on the control with its labels (moved inside the screen at its
 * edges) is probed with `elementFromPoint` at its centre, the middle of its sides and on its
 * diagonals, and each probe must land on the control, inside it, or on one of its labels. So a
 * small icon with a larger invisible hit area passes, and a control that a neighbour or an
 * overlay covers does not.
 */
export async function smallTargets(page: Page, root = 'body'): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ root, min }) => {
      const scope = document.querySelector(root);
      if (!scope) throw new Error(`no ${root} on ${location.pathname}`);
      const selector =
        'button, a[href], input[type="checkbox"], input[type="radio"], select, [role="button"], summary';
      const name = (el: Element) => {
        const label =
          el.getAttribute('aria-label') ||
          (el as HTMLInputElement).labels?.[0]?.textContent ||
          el.textContent ||
          el.getAttribute('title') ||
          '';
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
        return `${el.tagName.toLowerCase()}${cls} "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
      };
      /** A link inside a sentence: its paragraph says more than the link does (WCAG's inline case). */
      const inRunningText = (el: Element) => {
        if (el.tagName !== 'A') return false;
        const block = el.closest('p, li, td, dd');
        if (!block) return false;
        return (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      };
      const out: { control: string; box: string; missed: string[] }[] = [];
      for (const el of Array.from(scope.querySelectorAll(selector))) {
        if (el.closest('[inert], [aria-hidden="true"]') || inRunningText(el)) continue;
        if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const first = el.getBoundingClientRect();
        // Visually hidden (1 px clipped) or not laid out: not something a thumb can reach.
        if (first.width <= 1 || first.height <= 1) continue;
        el.scrollIntoView({ block: 'center', inline: 'center' });
        // A checkbox or radio is tapped through its label too: the square is centred on both.
        const checkable = el.matches('input[type="checkbox"], input[type="radio"]');
        const labels = checkable ? Array.from((el as HTMLInputElement).labels ?? []) : [];
        const targets: Element[] = [el, ...labels];
        const boxes = targets.map((t) => t.getBoundingClientRect());
        const r = el.getBoundingClientRect();
        const x0 = Math.min(...boxes.map((b) => b.left));
        const x1 = Math.max(...boxes.map((b) => b.right));
        const y0 = Math.min(...boxes.map((b) => b.top));
        const y1 = Math.max(...boxes.map((b) => b.bottom));
        const vw = document.documentElement.clientWidth;
        const vh = window.innerHeight;
        const cx = Math.min(Math.max((x0 + x1) / 2, min / 2), vw - min / 2);
        const cy = Math.min(Math.max((y0 + y1) / 2, min / 2), vh - min / 2);
        // The centre, the middle of each side (1 px in: layout puts boxes between pixels, and two
        // 44 px controls side by side share the pixel between them) and four points 20 px from
        // the centre on the diagonals: a 44 px square or round button passes, 40 px does not.
        const edge = min / 2 - 1;
        const diag = 14;
        const probes = [
          [0, 0],
          [-edge, 0],
          [edge, 0],
          [0, -edge],
          [0, edge],
          [-diag, -diag],
          [diag, -diag],
          [-diag, diag],
          [diag, diag],
        ] as const;
        const missed: string[] = [];
        for (const [dx, dy] of probes) {
          const hit = document.elementFromPoint(cx + dx, cy + dy);
          if (hit && targets.some((t) => t === hit || t.contains(hit))) continue;
          const what = hit
            ? `${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]}`
            : 'nothing';
          missed.push(`${dx},${dy}:${what}`);
        }
        if (missed.length > 0)
          out.push({ control: name(el), box: `${Math.round(r.width)}x${Math.round(r.height)}`, missed });
      }
      window.scrollTo(0, 0);
      return out;
    },
    { root, min: MIN_TARGET },
  );
}
