import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { wireSchemas } from './wire-schemas.plugin.ts';

/**
 * Files that replace one of the app's own modules (`vi.mock`): they need a module registry of
 * their own, so they run in the `web-isolated` project (vitest.isolated.config.ts).
 */
const MOCKING_FILES = [
  'src/app/error-boundaries.test.tsx',
  'src/lib/markdown/markdown-renderer.test.tsx',
];

export function webProject(isolated: boolean) {
  return defineProject({
    plugins: [react(), wireSchemas()],
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      include: isolated ? MOCKING_FILES : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : MOCKING_FILES,
      setupFiles: ['./src/test/setup.ts'],
      // One jsdom and one module registry per worker, not per file: creating jsdom and
      // importing React and the app again for each of ~110 files was two thirds of this
      // project's time (121 s against 40 s on 2 cores). The setup file's cleanup and
      // localStorage reset run after every test.
      isolate: isolated,
    },
  });
}

export default webProject(false);
