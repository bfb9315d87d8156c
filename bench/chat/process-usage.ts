import { readFileSync } from 'node:fs';

/** Resident set size of a local process in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readOr(`/proc/${pid}/status`);
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : Number.NaN;
}

/** User + system CPU time of a process in milliseconds (Linux /proc, 100 ticks a second). */
export function cpuMs(pid: number): number {
  const stat = readOr(`/proc/${pid}/stat`);
  if (stat === '') return Number.NaN;
  // Fields after the command name, which sits in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process that died mid-bench reads as empty instead of ending the whole run. */
function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
