import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'provider-sim', include: ['src/**/*.test.ts'], testTimeout: 20_000 },
});
