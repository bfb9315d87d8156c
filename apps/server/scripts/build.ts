/** `npm run build` in apps/server: dist/main.js, which `npm start` runs with plain node. */
import path from 'node:path';
import { BUNDLE_FILE, bundleServer } from './bundle-server';

const started = performance.now();
const { bytes } = await bundleServer();
console.log(
  `built ${path.relative(process.cwd(), BUNDLE_FILE)} (${(bytes / 1024).toFixed(0)} KiB) in ${(performance.now() - started).toFixed(0)} ms`,
);
