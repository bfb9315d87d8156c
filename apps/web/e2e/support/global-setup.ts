import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  const dist = path.resolve(import.meta.dirname, '..', '..', 'dist', 'index.html');
  if (!existsSync(dist))
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm test does).');
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await server?.stop();
}
