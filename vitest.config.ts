import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; browser tests (apps/web/e2e) have their own config
// because they need a built web app and a running server.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI
    // machine, where a server test file spends much of its time waiting on its database,
    // sockets and timers. Two workers there ran the server suite in 58 % of the time, with
    // the same results on SQLite and on PostgreSQL + Redis. Four were faster on the server
    // suite alone (121 s against 138 s) but slower on every project together (385 s against
    // 337 s), so two it is; TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contract',
      'packages/provider-sim',
      'apps/server',
      'apps/web',
      { test: { name: 'tools', include: ['tools/**/*.test.ts'] } },
    ],
  },
});
