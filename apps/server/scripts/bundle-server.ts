import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import {
  checkBundledFileReferences,
  checkWorkerEntries,
  copyRuntimeFiles,
  WORKER_ENTRIES,
} from './runtime-files';

export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const DIST_DIR = path.join(SERVER_DIR, 'dist');
export const BUNDLE_FILE = path.join(DIST_DIR, 'main.js');

/**
 * Our workspace packages export their TypeScript source, so they are bundled in. Everything
 * from node_modules stays an import resolved at run time: native addons (better-sqlite3,
 * argon2), pino's worker transports and packages that read their own files would break if
 * inlined, and `npm install` puts them there anyway.
 */
const bundleOnlyWorkspaceSource: Plugin = {
  name: 'bundle-only-workspace-source',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@parallax/') ? undefined : { path: args.path, external: true },
    );
  },
};

function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * A package the bundle imports but apps/server does not declare (say, one only a workspace
 * package depends on) would be missing from a production install of the server.
 */
function checkExternalsAreDependencies(metafile: Metafile): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  const undeclared = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const name = packageNameOf(imported.path);
      if (!declared.has(name)) undeclared.add(name);
    }
  }
  if (undeclared.size > 0) {
    throw new Error(
      `the server bundle imports packages apps/server/package.json does not list in dependencies: ${[...undeclared].join(', ')}`,
    );
  }
}

/**
 * Compiles src/main.ts and the workspace source it imports into one ES module,
 * dist/main.js (and each worker thread's module into its own, beside it), with the same esbuild transform tsx applies when it runs the source.
 * dist/ sits at the depth of src/, so `new URL('../x', import.meta.url)` in a file directly
 * under src/ still finds x; files that deeper modules read are copied beside the bundle.
 * `distDir`, another folder of apps/server, is for a test that must not share dist/.
 */
export async function bundleServer(distDir: string = DIST_DIR): Promise<{ bytes: number }> {
  if (path.dirname(distDir) !== path.resolve(SERVER_DIR))
    throw new Error(`a bundle goes in a folder of ${SERVER_DIR}, not ${distDir}`);
  const bundleFile = path.join(distDir, path.basename(BUNDLE_FILE));
  fs.rmSync(distDir, { recursive: true, force: true });
  const result = await build({
    // main.js and each worker thread's module (dist/<name>.js), each self-contained.
    entryPoints: {
      [path.basename(BUNDLE_FILE, '.js')]: path.join(SERVER_DIR, 'src/main.ts'),
      ...Object.fromEntries(
        Object.entries(WORKER_ENTRIES).map(([name, source]) => [
          name,
          path.join(SERVER_DIR, source),
        ]),
      ),
    },
    outdir: distDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.22',
    // Stack traces map back with `node --enable-source-maps`; unminified, they read as they are.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [bundleOnlyWorkspaceSource],
  });
  checkExternalsAreDependencies(result.metafile);
  copyRuntimeFiles(SERVER_DIR, distDir);
  checkBundledFileReferences(bundleFile, SERVER_DIR);
  checkWorkerEntries(bundleFile, Object.keys(WORKER_ENTRIES));
  return { bytes: fs.statSync(bundleFile).size };
}
