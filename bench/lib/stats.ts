/** Nearest-rank percentile of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function formatMs(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : 'n/a';
}

/** Prints rows as an aligned plain-text table (also valid as a markdown table). */
export function printTable(
  title: string,
  rows: ReadonlyArray<Record<string, string | number>>,
): void {
  console.log(`\n${title}`);
  const first = rows[0];
  if (!first) {
    console.log('(no rows)');
    return;
  }
  const columns = Object.keys(first);
  const cell = (row: Record<string, string | number>, column: string) => String(row[column] ?? '');
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(columns.map((c) => cell(row, c))));
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across local processes. */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `task` and rejects if it takes longer than `ms`: every bench stops by itself. */
export async function withDeadline<T>(label: string, ms: number, task: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: gave up after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([task, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Times `call` `times` times after `warmUp` untimed calls, one at a time; the p50 / p95 / p99
 * row a table prints.
 */
export async function timeSequentialCalls(
  call: () => Promise<unknown>,
  times: number,
  warmUp = 50,
): Promise<{ p50_ms: string; p95_ms: string; p99_ms: string }> {
  for (let k = 0; k < warmUp; k += 1) await call();
  const samples: number[] = [];
  for (let k = 0; k < times; k += 1) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return {
    p50_ms: formatMs(percentile(samples, 50)),
    p95_ms: formatMs(percentile(samples, 95)),
    p99_ms: formatMs(percentile(samples, 99)),
  };
}
