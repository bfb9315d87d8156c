/**
 * Loaded into a server with `--import` (bench/api/probe.ts --stalls): records, with wall-clock
 * start times comparable across processes (`performance.timeOrigin + now`), every GC pause
 * (PerformanceObserver 'gc') and every better-sqlite3 statement of 0.2 ms or more, so a
 * client can ask which of its slow calls overlapped which pause. Written to STALL_REPORT on exit.
 */
import { writeFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';

export interface Stall {
  kind: string;
  /** Wall-clock ms. */
  start: number;
  ms: number;
}

const stalls: Stall[] = [];
const wall = (): number => performance.timeOrigin + performance.now();
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'gc-scavenge',
  2: 'gc-minor-ms', // NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP, missing from @types/node
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'gc-major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'gc-incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'gc-weakcb',
};

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
    stalls.push({
      kind: GC_KINDS[kind] ?? `gc-${kind}`,
      start: performance.timeOrigin + entry.startTime,
      ms: entry.duration,
    });
  }
}).observe({ entryTypes: ['gc'] });

const probe = new SqliteDatabase(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
probe.close();
for (const method of ['run', 'get', 'all'] as const) {
  const original = proto[method] as (this: { source: string }, ...args: unknown[]) => unknown;
  proto[method] = function timed(this: { source: string }, ...args: unknown[]) {
    const start = wall();
    try {
      return original.apply(this, args);
    } finally {
      const ms = wall() - start;
      if (ms >= 0.2) {
        const sql = this.source.replace(/\s+/g, ' ').toLowerCase();
        const kind =
          sql.includes('api_calls') ||
          sql.includes('api_key_usage') ||
          sql.startsWith('update "api_keys"')
            ? 'sql-call-records'
            : /^(begin|commit|rollback)/.test(sql)
              ? `sql-${sql.split(' ')[0]}`
              : sql.includes('daily_usage')
                ? 'sql-allowance'
                : sql.includes('api_keys')
                  ? 'sql-key'
                  : 'sql-other';
        stalls.push({ kind, start, ms });
      }
    }
  };
}

const reportFile = process.env.STALL_REPORT;
if (reportFile) process.on('exit', () => writeFileSync(reportFile, JSON.stringify(stalls)));
