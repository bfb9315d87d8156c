#!/usr/bin/env node
/** `npm run dev`: the API server (tsx watch, :3000) and Vite's dev server (:5173, proxying /api and /ws). */
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', 'apps/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
