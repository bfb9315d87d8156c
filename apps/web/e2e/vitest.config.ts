import { defineConfig } from 'vitest/config';

// Browser tests: one real server (built web app + API on a temp SQLite database) for the
// whole run, Chromium driven by playwright-core. Files of one run go one after another: they
// share that server's flags, plans and models, which some of them change. On a machine with
// 4 or more cores `npm test` runs shards of the files side by side (scripts/test.mjs), each
// with its own server.
export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // Two shards run side by side on 2 cores (scripts/test.mjs), at a load average of 10-13
    // here: each full run had two to four tests fail on time (a screen or a reply seconds
    // late), a different few each run, and each passed alone. One retry; a failure that comes
    // back still fails the run, and a test that passed only on its retry is listed in the log.
    retry: 1,
    hookTimeout: 90_000,
    // A screen shows when its chunk has loaded and rendered: seconds, not one, on a busy 2-core
    // machine. Polls wait that long; a real failure still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});
