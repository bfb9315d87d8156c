import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A CSS colour; the same in both themes, picked for contrast on either background. */
  colour: string;
}

/**
 * Daily values as lines (uPlot, loaded only with the admin screens). Resizes with its box;
 * the numbers are also given as a table for screen readers by the caller.
 */
export function TimeSeriesChart({
  days,
  series,
  height = 220,
  label,
}: {
  /** `YYYY-MM-DD`, oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const axisColour = styles.color;
    const gridColour = 'rgba(128, 128, 128, 0.2)';
    const axis = {
      stroke: axisColour,
      grid: { stroke: gridColour },
      ticks: { stroke: gridColour },
    };
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height,
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.colour,
            width: 2,
            points: { show: false },
          })),
        ],
        axes: [axis, axis],
        scales: { x: { time: true } },
        legend: { show: true },
      },
      [days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...series.map((s) => [...s.values])],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);
  return <div ref={box} role="img" aria-label={label} className="w-full text-fg-muted" />;
}
