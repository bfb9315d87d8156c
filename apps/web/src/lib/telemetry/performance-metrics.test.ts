import { LogEntry } from '@parallax/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLogEntry } from './log-entry';
import { observePerformance } from './performance-metrics';

type Callback = (list: { getEntries(): Array<{ duration: number }> }) => void;

describe('performance measurements of error reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts only tasks over 50 ms and fits the contract LogEntry', () => {
    let report: Callback = () => {};
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: Callback) {
          report = callback;
        }
        observe() {}
      },
    );
    const perf = observePerformance();
    report({ getEntries: () => [{ duration: 30 }, { duration: 50 }, { duration: 120 }] });
    report({ getEntries: () => [{ duration: 75 }] });
    const measured = perf.snapshot();
    expect(measured).toMatchObject({ long_tasks: 2, longest_task_ms: 120 });

    const entry = buildLogEntry({
      id: 'err_1',
      error: new Error('boom'),
      userAgent: 'UA',
      url: '/',
      userId: null,
      sessionId: 's',
      breadcrumbs: [],
      performance: measured,
      now: new Date(),
    });
    expect(LogEntry.parse(entry).performance).toMatchObject({ long_tasks: 2 });
  });
});
