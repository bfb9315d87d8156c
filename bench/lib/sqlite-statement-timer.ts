/**
 * Times every better-sqlite3 statement of this process by its SQL text (wall time of `run`,
 * `get`, `all`; a trigger's work counts in the statement that fired it). Load it before the
 * app opens its database; `report()` lists the costliest texts and `reset()` starts over.
 */
import SqliteDatabase from 'better-sqlite3';

interface Entry {
  calls: number;
  ns: bigint;
}

const entries = new Map<string, Entry>();
const probe = new SqliteDatabase(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
probe.close();

for (const method of ['run', 'get', 'all'] as const) {
  const original = proto[method] as (this: { source: string }, ...args: unknown[]) => unknown;
  proto[method] = function timed(this: { source: string }, ...args: unknown[]) {
    const start = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const ns = process.hrtime.bigint() - start;
      const key = this.source.replace(/\s+/g, ' ').slice(0, 140);
      const entry = entries.get(key) ?? { calls: 0, ns: 0n };
      entry.calls += 1;
      entry.ns += ns;
      entries.set(key, entry);
    }
  };
}

export const statementTimer = {
  reset(): void {
    entries.clear();
  },
  /** Rows: µs per call and in total per `per` units (e.g. per send), costliest first. */
  report(
    per: number,
    top = 15,
  ): { sql: string; calls: number; 'µs/call': string; 'µs/unit': string }[] {
    return [...entries.entries()]
      .sort((a, b) => Number(b[1].ns - a[1].ns))
      .slice(0, top)
      .map(([sql, e]) => ({
        sql,
        calls: e.calls,
        'µs/call': (Number(e.ns) / 1000 / e.calls).toFixed(1),
        'µs/unit': (Number(e.ns) / 1000 / per).toFixed(1),
      }));
  },
};

// Loaded into a server with `--import` (bench/api/probe.ts --statements=FILE): the table is
// written to that file when the process exits.
const reportFile = process.env.STATEMENT_TIMER_REPORT;
if (reportFile) {
  const { writeFileSync } = await import('node:fs');
  process.on('exit', () => {
    writeFileSync(reportFile, JSON.stringify(statementTimer.report(1, 25), null, 1));
  });
}
