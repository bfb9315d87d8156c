import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; browser tests (apps/web/e2e) have their own config
// because they need a built web app and a running server.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI
    // machine, where a server test file spends much of its time waiting on its database,
    // sockets and timers. On 2 cores the server suite (SQLite) took 138 s with two workers and
    // 121 s with four. TEST_WORKERS sets it (CI's PostgreSQL pass keeps two: the database
    // server shares the cores, and four were no faster there).
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(4, availableParallelism()),
    projects: [
      'packages/contract',
      'packages/provider-sim',
      'apps/server',
      'apps/web',
      { test: { name: 'tools', include: ['tools/**/*.test.ts'] } },
    ],
  },
});
