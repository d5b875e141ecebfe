import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type BarSeries, plotOptions } from './bar-plot';
import { GREEN, RED, readout } from './chart-words';

export type { BarSeries };

/**
 * A bar chart of categories (days, game types, markets) drawn by uPlot, as wide as its box and
 * redrawn when the box changes. A phone cannot hover, so a tap picks a category (a mouse's hover
 * does too) and the line under the chart says its full name and every figure in money; lying
 * bars (`horizontal`) also print their figure. A net series is green where the house won and red
 * where it lost, its legend says so.
 */
export function BarChart(props: {
  title: string;
  categories: string[];
  series: BarSeries[];
  horizontal?: boolean;
  /** Each series its own bar side by side (default: bars share the slot, for series that never overlap). */
  grouped?: boolean;
  /** The category picked at first (default the first; the day chart picks the last day). */
  start?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { title, categories, series, grouped } = props;
  const horizontal = props.horizontal ?? false;
  const n = categories.length;
  const [picked, setPicked] = useState<number | null>(null);
  const current = picked !== null && picked < n ? picked : n ? Math.min(props.start ?? 0, n - 1) : null;
  const pickedRef = useRef<number | null>(current);
  pickedRef.current = current;
  const chartRef = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || n === 0) return;
    const width = () => Math.max(240, Math.floor(el.clientWidth));
    const height = horizontal ? Math.max(120, n * (grouped ? 46 : 32) + 40) : 220;
    const opts = plotOptions({
      categories,
      series,
      horizontal,
      grouped: grouped ?? false,
      width: width(),
      height,
      picked: pickedRef,
      onHover: (i) => setPicked(i),
    });
    const chart = new uPlot(
      opts,
      [categories.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    chartRef.current = chart;
    // A tap (or click) picks the category under it.
    const tap = (e: MouseEvent) => {
      const i = Math.round(chart.posToVal(horizontal ? e.offsetY : e.offsetX, 'x'));
      if (i >= 0 && i < n) setPicked(i);
    };
    chart.over.addEventListener('click', tap);
    const resized = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      chart.over.removeEventListener('click', tap);
      chart.destroy();
      chartRef.current = null;
    };
  }, [categories, series, horizontal, grouped, n]);

  // A new pick shades its slot: a redraw (the hook reads pickedRef), not a new chart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw whenever the pick changes
  useEffect(() => {
    chartRef.current?.redraw(false);
  }, [current]);

  const figures =
    current === null
      ? []
      : series.map((s) => ({ label: s.label, value: s.values[current] ?? null, net: s.net }));
  return (
    <figure className="chart card">
      <figcaption>{title}</figcaption>
      {n === 0 ? (
        <p className="muted">Nothing to draw for these days.</p>
      ) : (
        <>
          <ul className="chart-legend" aria-label={`${title}: colours`}>
            {series.flatMap((s) =>
              s.net
                ? [
                    <Swatch key={`${s.label}+`} color={GREEN} text={`${s.label}: house won`} />,
                    <Swatch key={`${s.label}-`} color={RED} text={`${s.label}: house lost`} />,
                  ]
                : [<Swatch key={s.label} color={s.color} text={s.label} />],
            )}
          </ul>
          <div ref={box} role="img" aria-label={title} />
          <p className="chart-readout" aria-live="polite">
            {current === null ? '' : readout(categories[current] ?? '', figures)}
          </p>
          <p className="meta chart-hint">Tap a bar to read its figures.</p>
        </>
      )}
    </figure>
  );
}

function Swatch({ color, text }: { color: string; text: string }) {
  return (
    <li>
      <span className="swatch" style={{ background: color }} aria-hidden="true" />
      {text}
    </li>
  );
}
