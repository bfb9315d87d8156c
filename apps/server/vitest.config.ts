import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    pool: 'forks',
    // Each worker imports the app once for all its files, not once per file (the import was a
    // third of this project's time: 300 s against 152 s on 2 cores). Every test file builds its
    // own app, database and listeners; none replaces a module (`vi.mock`).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
