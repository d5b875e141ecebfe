import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { money } from '../words';

export type BarSeries = {
  label: string;
  color: string;
  /** One value per category (points); null draws no bar. */
  values: (number | null)[];
};

/** 1234567 -> '12.3L', 45000 -> '45K': the value axis in few characters. */
function compact(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e7) return `${+(v / 1e7).toFixed(1)}Cr`;
  if (a >= 1e5) return `${+(v / 1e5).toFixed(1)}L`;
  if (a >= 1e3) return `${+(v / 1e3).toFixed(1)}K`;
  return String(+v.toFixed(2));
}

const short = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * A bar chart of categories (days, game types, markets) drawn by uPlot, as wide as its box and
 * redrawn when the box changes. The category axis shows as many labels as fit; the legend names
 * the category and the values under the pointer (money in rupees).
 */
export function BarChart(props: {
  title: string;
  /** What a category is ('Day', 'Market'): the legend's first entry. */
  categoryLabel: string;
  categories: string[];
  series: BarSeries[];
  height?: number;
  /** Each series its own bar side by side (default: bars share the slot, for series that never overlap). */
  grouped?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { title, categoryLabel, categories, series, grouped } = props;
  const height = props.height ?? 220;
  useEffect(() => {
    const el = box.current;
    if (!el || categories.length === 0) return;
    const xs = categories.map((_, i) => i);
    const width = () => Math.max(240, Math.floor(el.clientWidth));
    const opts: uPlot.Options = {
      width: width(),
      height,
      scales: {
        x: { time: false, range: () => [-0.5, categories.length - 0.5] },
        y: {
          range: (_u, min, max) => {
            const lo = Math.min(0, min);
            const hi = Math.max(0, max);
            const pad = (hi - lo) * 0.08 || 1;
            return [lo < 0 ? lo - pad : 0, hi + pad];
          },
        },
      },
      axes: [
        {
          splits: () => xs,
          values: (u, splits) => {
            // As many labels as fit at ~70 px each (the others left blank), cut to fit.
            const every = Math.max(
              1,
              Math.ceil((categories.length * 70) / Math.max(1, u.bbox.width / devicePixelRatio)),
            );
            return splits.map((i) => (i % every === 0 ? short(categories[i] ?? '', 10) : ''));
          },
          gap: 4,
          size: 30,
        },
        { values: (_u, splits) => splits.map(compact), size: 52 },
      ],
      series: [
        { label: categoryLabel, value: (_u, v) => (v === null ? '' : (categories[v] ?? '')) },
        ...series.map((s, i) => ({
          label: s.label,
          stroke: s.color,
          fill: s.color,
          width: 0,
          paths: uPlot.paths.bars?.(
            grouped && series.length > 1
              ? { size: [0.7 / series.length, 24, 2], align: i === 0 ? -1 : 1 }
              : { size: [0.7, 48, 2], align: 0 },
          ),
          points: { show: false },
          value: (_u: uPlot, v: number | null) => (v === null ? '-' : money(v)),
        })),
      ],
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      legend: { live: true },
    };
    const chart = new uPlot(opts, [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const resized = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [categoryLabel, categories, series, height, grouped]);
  return (
    <figure className="chart card">
      <figcaption>{title}</figcaption>
      {categories.length === 0 ? (
        <p className="muted">Nothing to draw for these days.</p>
      ) : (
        <div ref={box} role="img" aria-label={title} />
      )}
    </figure>
  );
}
