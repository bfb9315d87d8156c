import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Non-TypeScript files the server reads at run time through `new URL('./name',
 * import.meta.url)` from a module below src/. In the bundle every module's import.meta.url
 * is dist/main.js, so each is copied into dist/ under the same name.
 */
const RUNTIME_FILES: readonly string[] = [
  'src/features/auth/common-passwords.txt',
  // The block-list's licence travels with it.
  'src/features/auth/common-passwords.NOTICE.md',
];

/**
 * Worker threads the server starts from a file: each is bundled as its own entry, dist/<name>.js
 * beside dist/main.js, where the code that starts it looks (`./<name>.js` from the bundle).
 */
export const WORKER_ENTRIES: Readonly<Record<string, string>> = {
  'arena-fit-worker': 'src/features/compare/arena/arena-fit-worker.ts',
};

export function copyRuntimeFiles(serverDir: string, distDir: string): void {
  for (const file of RUNTIME_FILES) {
    fs.copyFileSync(path.join(serverDir, file), path.join(distDir, path.basename(file)));
  }
}

const FILE_REFERENCE = /new URL\(\s*["'`]([^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Fails the build when the bundle reads a file of this package that is not where the bundle
 * will look for it (a new runtime file missing from RUNTIME_FILES, or one moved). Paths that
 * leave the package, such as the web app's dist/, are built separately and not checked.
 */
export function checkBundledFileReferences(bundleFile: string, serverDir: string): void {
  const code = fs.readFileSync(bundleFile, 'utf8');
  const bundleUrl = pathToFileURL(bundleFile);
  const missing: string[] = [];
  for (const match of code.matchAll(FILE_REFERENCE)) {
    const relative = match[1];
    if (relative === undefined) continue;
    const target = fileURLToPath(new URL(relative, bundleUrl));
    const insidePackage = !path.relative(serverDir, target).startsWith('..');
    if (insidePackage && !fs.existsSync(target)) missing.push(relative);
  }
  if (missing.length > 0) {
    throw new Error(
      `dist/main.js reads files that are not beside it: ${missing.join(', ')} (add them to RUNTIME_FILES in scripts/runtime-files.ts)`,
    );
  }
}

/** Fails the build when a worker the bundle starts is not beside it or the bundle no longer names it. */
export function checkWorkerEntries(bundleFile: string, workers: readonly string[]): void {
  const code = fs.readFileSync(bundleFile, 'utf8');
  const problems = workers.flatMap((name) => {
    const file = `${name}.js`;
    if (!code.includes(`./${file}`)) return [`${file} is built but dist/main.js never starts it`];
    if (!fs.existsSync(path.join(path.dirname(bundleFile), file)))
      return [`${file} is not beside ${path.basename(bundleFile)}`];
    return [];
  });
  if (problems.length > 0) throw new Error(`worker entries: ${problems.join('; ')}`);
}
