import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { wireSchemas } from './wire-schemas.plugin.ts';

export default defineProject({
  plugins: [react(), wireSchemas()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
