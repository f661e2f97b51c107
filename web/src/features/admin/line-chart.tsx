import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line of a chart: its name in the legend, its values (one per x), its colour. */
export interface ChartLine {
  label: string;
  values: number[];
  color: string;
  dash?: number[];
}

interface LineChartProps {
  /** The chart's name (its figure caption). */
  title: string;
  /** What the x axis is (the legend's first entry: "Date", "Watched to"). */
  xLabel: string;
  /** The x axis' label of each point, in order (dates, percentages). */
  labels: string[];
  lines: ChartLine[];
  /** How a y value reads on the axis and in the legend. */
  format: (value: number) => string;
  height?: number;
}

/**
 * A line chart drawn by uPlot, as wide as its container and redrawn at the container's width
 * when that changes (a phone turned, a window resized). The canvas is hidden from screen
 * readers: every chart has a table of the same numbers beside it.
 */
export function LineChart({ title, xLabel, labels, lines, format, height = 220 }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = labels.map((_, i) => i);
    const label = (i: number) => (Number.isInteger(i) ? (labels[i] ?? '') : '');
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height,
        scales: { x: { time: false } },
        cursor: { drag: { x: false, y: false } },
        series: [
          { label: xLabel, value: (_u, i) => label(i) },
          ...lines.map((l) => ({
            label: l.label,
            stroke: l.color,
            width: 2,
            dash: l.dash,
            points: { show: labels.length <= 31 },
            value: (_u: uPlot, v: number | null) => (v === null ? '–' : format(v)),
          })),
        ],
        axes: [
          {
            space: 48,
            incrs: [1, 2, 5, 7, 10, 14, 30, 60, 90],
            values: (_u, ticks) => ticks.map(label),
          },
          { size: 64, values: (_u, ticks) => ticks.map(format) },
        ],
      },
      [x, ...lines.map((l) => l.values)],
      el,
    );
    const resize = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(el.clientWidth, 200), height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [xLabel, labels, lines, format, height]);
  return (
    <figure className="chart">
      <figcaption className="chart-title">{title}</figcaption>
      <div ref={box} className="chart-canvas" aria-hidden="true" />
    </figure>
  );
}
