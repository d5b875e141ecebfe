import uPlot from 'uplot';
import { axisMoney, netColor, wrapLabel } from './chart-words';

// The uPlot options behind bar-chart.tsx: bars of categories, upright (days) or lying down (game
// types, markets: long names get the room they need on the left), a net series coloured bar by
// bar (green won, red lost), figures printed at the end of lying bars, money on the value axis,
// and the picked category shaded (a tap picks it; a phone has no hover).

export type BarSeries = {
  label: string;
  color: string;
  /** One value per category (points); null draws no bar. */
  values: (number | null)[];
  /** The house's result: each bar green when it won, red when it lost. */
  net?: boolean;
};

export type PlotInput = {
  categories: string[];
  series: BarSeries[];
  /** Bars lie down, names on the left (long names); else they stand on a category axis (days). */
  horizontal: boolean;
  /** Each series its own bar side by side (else the series share a slot: they never overlap). */
  grouped: boolean;
  width: number;
  height: number;
  /** The category shaded as picked (read by the draw hook, so a pick only redraws). */
  picked: { current: number | null };
  /** Hovering a category picks it too (a mouse); a tap is the page's listener. */
  onHover: (i: number) => void;
};

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const SHADE = 'rgba(30, 41, 79, 0.09)';

/** The widest line of the labels, in CSS pixels, at the axis font. */
function widest(labels: string[]): number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return 8 * Math.max(0, ...labels.map((l) => l.length));
  ctx.font = FONT;
  return Math.max(0, ...labels.flatMap((l) => l.split('\n')).map((l) => ctx.measureText(l).width));
}

/** The room a category slot takes along the category axis, in canvas pixels. */
const slot = (u: uPlot, n: number, horizontal: boolean) => (horizontal ? u.bbox.height : u.bbox.width) / n;

/** Shades the picked category's slot under the bars. */
function shadePicked(u: uPlot, input: PlotInput) {
  const i = input.picked.current;
  const n = input.categories.length;
  if (i === null || i < 0 || i >= n) return;
  const size = slot(u, n, input.horizontal);
  const mid = u.valToPos(i, 'x', true);
  u.ctx.save();
  u.ctx.fillStyle = SHADE;
  if (input.horizontal) u.ctx.fillRect(u.bbox.left, mid - size / 2, u.bbox.width, size);
  else u.ctx.fillRect(mid - size / 2, u.bbox.top, size, u.bbox.height);
  u.ctx.restore();
}

/** Where each lying bar sits across the value axis (top and height, canvas pixels), by series and index. */
type Across = Map<string, { top: number; height: number }>;

/**
 * Each lying bar's figure at its end: outside the bar, or inside it in white when it would not
 * fit. Along the value axis the ends are the scale's own positions of 0 and the value.
 */
function printFigures(u: uPlot, input: PlotInput, across: Across) {
  const ctx = u.ctx;
  ctx.save();
  ctx.font = FONT.replace('12px', `${Math.round(11 * devicePixelRatio)}px`);
  ctx.textBaseline = 'middle';
  // uPlot leaves the alignment of its last axis (centred): each figure is placed by its left edge.
  ctx.textAlign = 'left';
  const gap = 4 * devicePixelRatio;
  const zero = u.valToPos(0, 'y', true);
  input.series.forEach((s, si) => {
    s.values.forEach((v, i) => {
      const bar = across.get(`${si + 1}:${i}`);
      if (v === null || !bar) return;
      const text = axisMoney(v);
      const w = ctx.measureText(text).width;
      const end = u.valToPos(v, 'y', true);
      const [lo, hi] = [Math.min(zero, end), Math.max(zero, end)];
      const right = v >= 0;
      const outside = right ? hi + gap : lo - gap - w;
      const fits = right ? outside + w <= u.bbox.left + u.bbox.width : outside >= u.bbox.left;
      ctx.fillStyle = fits ? '#1b1f2a' : '#fff';
      ctx.fillText(text, fits ? outside : right ? hi - gap - w : lo + gap, bar.top + bar.height / 2);
    });
  });
  ctx.restore();
}

/** The options of one chart (the data is [0..n-1, ...series values]). */
export function plotOptions(input: PlotInput): uPlot.Options {
  const { categories, series, horizontal, grouped } = input;
  const n = categories.length;
  const xs = categories.map((_, i) => i);
  // Lying bars: names as wide as they need up to half the chart, else on two lines (never cut).
  const room = Math.max(80, input.width * 0.5);
  // The names' room: the widest line, the gap to the bars and a margin (no ticks on this axis).
  const MARGIN = 24;
  let chars = 40;
  let names = horizontal ? categories.map((c) => wrapLabel(c, chars)) : categories;
  while (horizontal && chars > 6 && widest(names) + MARGIN > room) {
    chars -= 2;
    names = categories.map((c) => wrapLabel(c, chars));
  }
  const nameWidth = Math.ceil(widest(names)) + MARGIN;
  const across: Across = new Map();
  const categoryAxis: uPlot.Axis = horizontal
    ? {
        side: 3,
        splits: () => xs,
        values: () => names,
        size: nameWidth,
        gap: 6,
        font: FONT,
        grid: { show: false },
      }
    : {
        splits: () => xs,
        // As many names as fit at ~56 px each, the others left blank (never cut short).
        values: (u, splits) => {
          const every = Math.max(1, Math.ceil((n * 56) / Math.max(1, u.bbox.width / devicePixelRatio)));
          return splits.map((i) => (i % every === 0 ? (names[i] ?? '') : ''));
        },
        size: 30,
        gap: 4,
        font: FONT,
      };
  return {
    width: input.width,
    height: input.height,
    padding: horizontal ? [8, 16, 0, 0] : [12, 8, 0, 0],
    scales: {
      x: { time: false, range: () => [-0.5, n - 0.5], ...(horizontal ? { ori: 1, dir: -1 } : {}) },
      y: {
        ...(horizontal ? { ori: 0, dir: 1 } : {}),
        range: (_u, min, max) => {
          const lo = Math.min(0, min);
          const hi = Math.max(0, max);
          // Lying bars leave room for the figure printed at their end.
          const pad = (hi - lo) * (horizontal ? 0.22 : 0.08) || 1;
          return [lo < 0 ? lo - pad : 0, hi + pad];
        },
      },
    },
    axes: [
      categoryAxis,
      {
        ...(horizontal ? { side: 2, space: 50 } : {}),
        values: (_u, splits) => splits.map(axisMoney),
        size: horizontal ? 30 : 58,
        font: FONT,
      },
    ],
    series: [
      {},
      ...series.map((s, si) => ({
        label: s.label,
        stroke: s.color,
        fill: s.color,
        width: 0,
        paths: uPlot.paths.bars?.({
          ...(grouped && series.length > 1
            ? { size: [0.8 / series.length, 28, 2], align: si === 0 ? -1 : 1 }
            : { size: [0.7, 48, 2], align: 0 }),
          // The net's bars coloured one by one: green where the house won, red where it lost.
          ...(s.net
            ? {
                disp: {
                  fill: {
                    unit: 3,
                    values: () => s.values.map((v) => (v === null ? null : netColor(v))),
                  },
                },
              }
            : {}),
          each: (_u, seriesIdx, i, _left, top, _width, height) => {
            across.set(`${seriesIdx}:${i}`, { top, height });
          },
        } as uPlot.Series.BarsPathBuilderOpts),
        points: { show: false },
      })),
    ],
    // No crosshair: the picked slot is shaded instead.
    cursor: { x: false, y: false, drag: { x: false, y: false }, points: { show: false } },
    legend: { show: false },
    hooks: {
      drawClear: [(u) => shadePicked(u, input)],
      draw: horizontal ? [(u) => printFigures(u, input, across)] : [],
      setCursor: [
        (u) => {
          if (u.cursor.idx !== null && u.cursor.idx !== undefined) input.onHover(u.cursor.idx);
        },
      ],
    },
  };
}
