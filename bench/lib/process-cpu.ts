import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every x86 Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU microseconds used so far by every process whose command name is `name` (for example
 * `postgres`, `redis-server`), read from /proc. A parent's reaped children count too
 * (cutime/cstime), so short-lived workers such as PostgreSQL's autovacuum are not lost when
 * they exit between two readings. Resolution: 10 ms per process. Linux only; elsewhere 0.
 */
export function processCpuMicros(name: string): number {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while listed
    }
    // The command name is in parentheses and may itself hold spaces or parentheses.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (stat.slice(open + 1, close) !== name) continue;
    // Fields after the name: state is field 3, so utime..cstime (14..17) are at 11..14 here.
    const fields = stat.slice(close + 2).split(' ');
    for (const i of [11, 12, 13, 14]) ticks += Number(fields[i] ?? 0);
  }
  return (ticks / TICKS_PER_SECOND) * 1e6;
}
