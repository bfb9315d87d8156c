import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

/**
 * Where the bytes of a built web bundle come from, read from its source maps: every generated
 * byte is credited to the package (node_modules) or app folder its mapping points at.
 * Usage: npx tsx bench/web/bundle-breakdown.ts [distDir] [chunk-prefix ...]
 *   with prefixes (e.g. `index toast-store`) only those chunks are listed and summed.
 * Gzip per group is the gzip -9 of that group's bytes alone: a guide to where to cut, not a sum
 * that adds up exactly to the chunk's gzip (compression works across group boundaries).
 */
interface SourceMapFile {
  sources: string[];
  mappings: string;
}

const UNMAPPED = '(unmapped: glue, imports, helpers)';

export function groupOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  const pkg = source.match(/packages\/([^/]+)\//);
  if (pkg?.[1]) return `@parallax/${pkg[1]}`;
  // Source paths are relative to the map: apps/web/src/... or ../../src/... (dist in apps/web).
  const app = source.match(/(?:^|\/)src\/(.+)$/);
  if (app?.[1]) {
    const parts = app[1].split('/');
    // features/<name>/<role> and lib/<name> are the units one would cut.
    const depth = parts[0] === 'features' ? 3 : 2;
    return `src/${parts.slice(0, Math.min(depth, parts.length - 1)).join('/') || parts[0]}`;
  }
  return source;
}

/** The generated text of one chunk split into per-group strings. */
export function splitByGroup(code: string, map: SourceMapFile): Map<string, string> {
  const lines = code.split('\n');
  const decoded = decode(map.mappings);
  const pieces = new Map<string, string[]>();
  const add = (group: string, text: string) => {
    if (!text) return;
    const list = pieces.get(group) ?? [];
    list.push(text);
    pieces.set(group, list);
  };
  lines.forEach((line, index) => {
    const segments = decoded[index] ?? [];
    let cursor = 0;
    let group = UNMAPPED;
    for (const segment of segments) {
      add(group, line.slice(cursor, segment[0]));
      cursor = segment[0];
      const sourceIndex = segment.length >= 4 ? segment[1] : undefined;
      group = sourceIndex === undefined ? UNMAPPED : groupOf(map.sources[sourceIndex] ?? UNMAPPED);
    }
    add(group, line.slice(cursor) + '\n');
  });
  return new Map([...pieces].map(([group, list]) => [group, list.join('')]));
}

/** `index-AbCd_1-2.js` is a chunk of `index` (Vite names chunks name-<8-char hash>.js). */
const isChunkOf = (file: string, name: string) =>
  file.startsWith(`${name}-`) && /^[\w-]{8}\.js$/.test(file.slice(name.length + 1));

const gzipKb = (text: string | Buffer) => gzipSync(text, { level: 9 }).length / 1024;
const kb = (n: number) => n.toFixed(1).padStart(7);

function main(): void {
  const [distArg, ...prefixes] = process.argv.slice(2);
  const assets = join(resolve(distArg ?? 'apps/web/dist'), 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => prefixes.length === 0 || prefixes.some((p) => isChunkOf(f, p)));
  const totals = new Map<string, { raw: number; gzip: number }>();
  let chunkGzipSum = 0;
  for (const file of chunks.sort()) {
    const code = readFileSync(join(assets, file), 'utf8');
    const mapPath = join(assets, `${file}.map`);
    // Bundler-made helpers (e.g. the preload helper) come without a map: all glue.
    const map: SourceMapFile = existsSync(mapPath)
      ? (JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMapFile)
      : { sources: [], mappings: '' };
    const groups = [...splitByGroup(code, map)].map(([group, text]) => ({
      group,
      raw: Buffer.byteLength(text) / 1024,
      gzip: gzipKb(text),
    }));
    groups.sort((a, b) => b.gzip - a.gzip);
    const chunkGzip = gzipKb(code);
    chunkGzipSum += chunkGzip;
    console.log(
      `\n${file}  raw ${kb(Buffer.byteLength(code) / 1024)} KB  gzip ${kb(chunkGzip)} KB`,
    );
    for (const g of groups) {
      if (g.gzip >= 0.3) console.log(`  ${kb(g.raw)} raw ${kb(g.gzip)} gz  ${g.group}`);
      const total = totals.get(g.group) ?? { raw: 0, gzip: 0 };
      totals.set(g.group, { raw: total.raw + g.raw, gzip: total.gzip + g.gzip });
    }
  }
  console.log(
    `\nAll listed chunks (${chunks.length}): gzip ${chunkGzipSum.toFixed(1)} KB; by group:`,
  );
  for (const [group, t] of [...totals].sort((a, b) => b[1].gzip - a[1].gzip)) {
    if (t.gzip >= 0.3) console.log(`  ${kb(t.raw)} raw ${kb(t.gzip)} gz  ${group}`);
  }
}

main();
