import { defineConfig } from 'vitest/config';

// One run covers every workspace; browser tests (apps/web/e2e) have their own config
// because they need a built web app and a running server.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/provider-sim',
      'apps/server',
      'apps/web',
      { test: { name: 'tools', include: ['tools/**/*.test.ts'] } },
    ],
  },
});
