/** Long tasks are reported by the browser from 50 ms (spec §9). */
export const LONG_TASK_MS = 50;

/**
 * The page's navigation timing and its long tasks, as the named measurements (ms) an error
 * report carries: how loaded and how busy the page was when the error happened.
 */
export function observePerformance(perf: Performance | undefined = globalThis.performance) {
  let longTasks = 0;
  let longestTask = 0;
  if (typeof PerformanceObserver !== 'undefined') {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.duration <= LONG_TASK_MS) continue;
          longTasks += 1;
          longestTask = Math.max(longestTask, entry.duration);
        }
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // Browsers without long-task timing report the navigation only.
    }
  }
  return {
    snapshot(): Record<string, number> {
      const out: Record<string, number> = { long_tasks: longTasks, longest_task_ms: longestTask };
      const nav = perf?.getEntriesByType?.('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      if (nav !== undefined && 'responseStart' in nav) {
        out.ttfb_ms = Math.round(nav.responseStart - nav.startTime);
        out.dom_content_loaded_ms = Math.round(nav.domContentLoadedEventEnd - nav.startTime);
        out.load_ms = Math.round(nav.loadEventEnd - nav.startTime);
      }
      return out;
    },
  };
}
