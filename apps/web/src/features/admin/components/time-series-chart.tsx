import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A CSS colour; the same in both themes, picked for contrast on either background. */
  colour: string;
}

function drawChart(
  UPlot: typeof uPlot,
  element: HTMLDivElement,
  days: readonly string[],
  series: readonly ChartSeries[],
  height: number,
): uPlot {
  const styles = getComputedStyle(element);
  const axisColour = styles.color;
  const gridColour = 'rgba(128, 128, 128, 0.2)';
  const axis = {
    stroke: axisColour,
    grid: { stroke: gridColour },
    ticks: { stroke: gridColour },
  };
  return new UPlot(
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
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let cancelled = false;
    // Imported on first draw: the library stays out of every bundle but this screen's, and a
    // browser without matchMedia (which uPlot reads on load) gets the figures without the chart.
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        plot = drawChart(UPlot, element, days, series, height);
        const drawn = plot;
        resize = new ResizeObserver(() => drawn.setSize({ width: element.clientWidth, height }));
        resize.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [days, series, height]);

  if (failed) return <p className="text-sm text-fg-muted">The chart could not be drawn here.</p>;
  return <div ref={box} role="img" aria-label={label} className="w-full text-fg-muted" />;
}
