#!/usr/bin/env node
/**
 * `npm test`: every vitest project (contract, provider-sim, server, web, tools), then the
 * browser suite against a freshly built web app. Ends with one line of totals over all
 * suites and exits non-zero on any failure.
 *
 *   node scripts/test.mjs                 everything
 *   node scripts/test.mjs --project server   one vitest project (repeatable), no browser suite
 *   node scripts/test.mjs --project server src/db   only the files whose paths contain src/db
 *   node scripts/test.mjs --e2e-only      only the browser suite
 * TEST_SUMMARY_FILE=path writes {passed, failed, skipped} as JSON (used by .ci/run).
 * E2E_SHARDS=n splits the browser suite into n runs side by side (default: 2 from 2 cores, else 1).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const e2eOnly = args.includes('--e2e-only');
const projects = args.flatMap((a, i) => (a === '--project' ? [args[i + 1]] : []));
/** Paths (or parts of them) that narrow the vitest projects to those files. */
const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--project');
const work = mkdtempSync(path.join(tmpdir(), 'parallax-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failure by suite, file and test name, so that a log's last lines say what failed. */
const failures = [];
/** Tests that failed once and passed on their retry (browser suite): not failures, but said. */
const retried = [];

function runVitest(label, extraArgs) {
  const report = path.join(work, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  return new Promise((resolve) => {
    child.on('close', (status) => {
      tally(label, report, status);
      resolve();
    });
  });
}

function tally(label, report, status) {
  if (!existsSync(report)) {
    // The runner died before reporting: count the whole suite as one failure.
    totals.failed += 1;
    failures.push(`${label}: the runner ended (status ${status}) without a report`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // Files that failed to load have no test results but must still fail the run.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  );
  totals.failed += brokenFiles.length;
  if (status !== 0 && (r.numFailedTests ?? 0) === 0 && brokenFiles.length === 0) {
    totals.failed += 1;
    failures.push(`${label}: vitest exited with status ${status}`);
  }
  for (const file of r.testResults ?? []) {
    const where = `${label}: ${path.relative(root, file.name)}`;
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0)
      failures.push(`${where}: ${oneLine(file.message)}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${where} > ${test.fullName}: ${oneLine(test.failureMessages?.[0])}`);
      // Passed on its retry: the first try's error is kept with it.
      else if (test.status === 'passed' && (test.failureMessages ?? []).length > 0)
        retried.push(`${where} > ${test.fullName}: ${oneLine(test.failureMessages[0])}`);
    }
  }
}

/**
 * A failure in one line for the log's last lines: every line of its message up to the stack
 * (a message can be several lines: an answer's error text and the server's log).
 */
function oneLine(text) {
  const lines = (text ?? '').split('\n').map((line) => line.trim());
  const stack = lines.findIndex((line) => line.startsWith('at '));
  const kept = (stack === -1 ? lines : lines.slice(0, stack)).filter((line) => line !== '');
  return kept.join(' ⏎ ').slice(0, 1_200);
}

/**
 * Seconds a browser test file took in CI on 2 cores (one file at a time), only to balance the
 * shards: vitest's own --shard splits by count, and the slowest files are 5–10 times the rest.
 * A file not listed counts as 20.
 */
const E2E_SECONDS = {
  'stream-fidelity': 190,
  'layout-and-accessibility': 128,
  'chat-errors': 95,
  chat: 88,
  routes: 64,
  'billing-checkout': 48,
  'admin-disable-user': 43,
  auth: 40,
  'session-timeout': 38,
  'client-errors': 37,
  'two-factor': 33,
  compare: 31,
  // Measured on a loaded machine (about twice CI's time), halved.
  'chat-settings': 70,
  'model-picker': 40,
  memory: 32,
  answers: 25,
  continue: 25,
  'long-chat': 30,
  nav: 24,
  // Measured alone (16 s, server start included).
  'model-health': 16,
  // Measured in a full local run (2 shards side by side); mcp scaled by its fourth test's share
  // of a run alone (28 of 75 s: the user-added OAuth server).
  mcp: 50,
  'web-search': 18,
  share: 12,
  'admin-tools': 10,
};

/** The browser test files in `count` groups of about equal time (longest first, to the lightest). */
function browserShards(count) {
  const dir = 'apps/web/e2e';
  const files = readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.e2e.test.ts'))
    .map((name) => ({ file: `${dir}/${name}`, seconds: E2E_SECONDS[name.slice(0, -12)] ?? 20 }))
    .sort((a, b) => b.seconds - a.seconds);
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  for (const { file, seconds } of files) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.files.push(file);
    lightest.seconds += seconds;
  }
  return shards.filter((shard) => shard.files.length > 0).map((shard) => shard.files);
}

/**
 * The browser suite's files mostly wait on Chromium and the server (the CPU was 40–88 % idle
 * on 2 cores with one file at a time), so two shards run side by side, each with its own server
 * and database: a flag or plan one file changes cannot reach another shard's screens. On 2
 * cores: 12.5 minutes instead of 17.8. (Under that load a first answer used to end in error:
 * its stream events beat the send's reply and were dropped; the web now keeps them.)
 */
function runBrowserSuite() {
  const count = Number(process.env.E2E_SHARDS ?? (availableParallelism() >= 2 ? 2 : 1));
  const config = ['--config', 'apps/web/e2e/vitest.config.ts'];
  if (count <= 1) return runVitest('browser', config);
  const shards = browserShards(count);
  return Promise.all(
    shards.map((files, i) =>
      runVitest(`browser-${i + 1}-of-${shards.length}`, [...config, ...files]),
    ),
  );
}

if (!e2eOnly) {
  await runVitest('unit-and-server', [...projects.flatMap((p) => ['--project', p]), ...files]);
}
if (e2eOnly || projects.length === 0) {
  console.log('\n=== build web app for browser tests ===');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    totals.failed += 1;
    failures.push('build of the web app failed');
  } else await runBrowserSuite();
}

if (process.env.TEST_SUMMARY_FILE)
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ ...totals, failures, retried }));
if (retried.length > 0)
  console.log(`\nPassed on retry:\n${retried.map((f) => `  ${f}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
