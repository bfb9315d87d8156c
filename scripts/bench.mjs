#!/usr/bin/env node
// `npm run bench` runs every benchmark under bench/<group>/*.bench.ts, one process at a time
// (they measure latency, so they must not share the machine). `npm run bench -- chat` picks a
// group; further flags (e.g. --quick, --backend=sqlite) are passed on to each bench.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = join(root, 'bench');
const args = process.argv.slice(2);
const groups = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--'));

const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'lib')
  .map((e) => e.name);
const unknown = groups.filter((g) => !available.includes(g));
if (unknown.length > 0) {
  console.error(
    `Unknown bench group(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`,
  );
  process.exit(2);
}

const files = (groups.length > 0 ? groups : available).flatMap((group) =>
  readdirSync(join(benchDir, group))
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()
    .map((f) => join(benchDir, group, f)),
);

// The browser benches load the built web app.
if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file.slice(root.length)} ===`);
  // Every bench bounds itself; this is the backstop for one that hangs anyway.
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...flags], {
    cwd: root,
    stdio: 'inherit',
    timeout: 20 * 60_000,
    killSignal: 'SIGKILL',
  });
  if (run.status !== 0) {
    failed += 1;
    console.error(`${file.slice(root.length)} failed (${run.signal ?? `exit ${run.status}`})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
