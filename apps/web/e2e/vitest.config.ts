import { defineConfig } from 'vitest/config';

// Browser tests: one real server (built web app + API on a temp SQLite database) for the
// whole run, Chromium driven by playwright-core. Files run one after another because
// Chromium on a 2-core machine is the bottleneck, not the server.
export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // A screen shows when its chunk has loaded and rendered: seconds, not one, on a busy 2-core
    // machine. Polls wait that long; a real failure still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});
