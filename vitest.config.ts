import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI
// machine, where a server test file spends much of its time waiting on its database,
// sockets and timers. Two workers there ran the server suite in 58 % of the time, with
// the same results on SQLite and on PostgreSQL + Redis. Four were faster on the server
// suite alone (121 s against 138 s) but slower on every project together (385 s against
// 337 s), so two it is; TEST_WORKERS overrides. Every project resolves its own `maxWorkers`
// and does not take the root's, so the count goes through vitest's own variable, which each
// project's resolution reads.
process.env.VITEST_MAX_WORKERS ??= String(
  Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
);

// One run covers every workspace; browser tests (apps/web/e2e) have their own config
// because they need a built web app and a running server.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/provider-sim',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      { test: { name: 'tools', include: ['tools/**/*.test.ts'] } },
    ],
  },
});
