import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus as allCpus } from 'node:os';

/** PostgreSQL (postmaster and backends) and Redis, by command line. */
const SERVICES = /^\S*(postgres|redis-server)/;

/** Pids of the processes whose command line matches (Linux /proc). */
function pidsOf(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (pattern.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')))
        pids.push(Number(entry));
    } catch {
      // The process ended while we listed it.
    }
  }
  return pids;
}

function setAffinity(pids: number[], cpus: string): void {
  for (const pid of pids) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    } catch {
      console.log(`could not move pid ${pid} to CPU ${cpus}`);
    }
  }
}

/**
 * Moves this process (children started later inherit it), PostgreSQL (its backends are forked
 * from the postmaster, so new connections inherit it too) and Redis onto `cpus`. Needs taskset
 * and the right to change those processes (root). Returns what gives the services every CPU back.
 */
export function pinHarness(cpus: string): () => void {
  const services = pidsOf(SERVICES);
  setAffinity([process.pid, ...services], cpus);
  console.log(
    `harness on CPU ${cpus}: this bench and ${services.length} PostgreSQL / Redis processes`,
  );
  // Every CPU of the machine: availableParallelism() would count only the ones we are pinned to.
  const everyCpu = `0-${allCpus().length - 1}`;
  return () => setAffinity(pidsOf(SERVICES), everyCpu);
}
