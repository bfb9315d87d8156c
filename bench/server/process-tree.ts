import { readdirSync, readFileSync } from 'node:fs';
import { cpuMs, rssBytes } from '../chat/process-usage';

/** A process and every process below it (Linux /proc): the tsx CLI runs the server in a child. */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .split(' ')
        .filter((word) => word.trim() !== '')
        .map(Number),
    );
  } catch {
    // Exited between the listing and the read.
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Resident set size of a process tree in bytes. */
export function treeRssBytes(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + rssBytes(member), 0);
}

/** User + system CPU time of a process tree's live members in milliseconds. */
export function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + cpuMs(member), 0);
}
