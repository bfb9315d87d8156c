import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The feature-level dependency graph of one side (apps/web or apps/server): feature X depends
 * on feature Y when any non-test source file of X imports anything of Y (type-only imports
 * and re-exports included), or, on the server, needs what Y's plugin provides: it reads
 * `app.<name>` (or takes it apart: `const { name } = app`) where Y runs
 * `app.decorate('<name>', …)`, or its fastify-plugin options name one of Y's decorations
 * (`decorators: { fastify: ['<name>'] }`) or Y's plugin (`dependencies: ['<plugin name>']`).
 * A service reached through the Fastify instance is a dependency as real as an import. Tests
 * combine features as the app shell does, so they are not edges.
 *
 * Built once per root and side per process (one lint run), then every import is checked
 * against it: an edge X -> Y lies on a loop exactly when X and Y share a strongly connected
 * component.
 */
const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$|\.d\.ts$/;
const NAME = /['"]([\w$-]+)['"]/g;
const DECORATION = /\.decorate\(\s*['"]([A-Za-z_$][\w$]*)['"]/g;
/** How the server's features name the Fastify instance they read decorations from. */
const INSTANCE = '(?:app|fastify|instance)';
const INSTANCE_READ = new RegExp(`(?<![\\w$.])${INSTANCE}\\.([A-Za-z_$][\\w$]*)`, 'g');
const INSTANCE_DESTRUCTURED = new RegExp(`\\{([^{}]*)\\}\\s*=\\s*${INSTANCE}(?![\\w$.])`, 'g');
const DECLARED_DECORATORS = /decorators:\s*\{[^}]*?\bfastify:\s*\[([^\]]*)\]/g;
const DECLARED_DEPENDENCIES = /dependencies:\s*\[([^\]]*)\]/g;
/** A fastify-plugin's own name, in a file that wraps one. */
const PLUGIN_NAME = /\bname:\s*['"]([\w-]+)['"]/g;

export const FEATURE = /^apps\/(web|server)\/src\/features\/([^/.]+)(?:\/(.*))?$/;

function listSources(dir) {
  let out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out = out.concat(listSources(full));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

/** Relative imports only: the features are reached by path, never by a package name. */
function importSources(text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((f) => f.fileName).filter((s) => s.startsWith('.'));
}

function featureOf(root, file) {
  const m = FEATURE.exec(path.relative(root, file).split(path.sep).join('/'));
  return m ? m[2] : null;
}

/** The decorations of the Fastify instance a server file reads or declares it needs. */
function decorationsNeeded(text) {
  const names = [];
  for (const m of text.matchAll(INSTANCE_READ)) names.push(m[1]);
  for (const m of text.matchAll(INSTANCE_DESTRUCTURED)) {
    for (const part of m[1].split(',')) names.push(part.split(':')[0].trim());
  }
  for (const m of text.matchAll(DECLARED_DECORATORS)) {
    for (const n of m[1].matchAll(NAME)) names.push(n[1]);
  }
  return names;
}

/**
 * @returns {{ edges: Map<string, Set<string>>, decorators: Map<string, string>,
 *   plugins: Map<string, string>, component: Map<string, number> }}
 */
export function buildGraph(root, side) {
  const base = path.join(root, 'apps', side, 'src', 'features');
  let features = [];
  try {
    features = readdirSync(base, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    // A tree without features (a fixture, a fresh app) has an empty graph.
  }
  const edges = new Map(features.map((f) => [f, new Set()]));
  const texts = [];
  for (const feature of features) {
    for (const file of listSources(path.join(base, feature))) {
      texts.push({ feature, file, text: readFileSync(file, 'utf8') });
    }
  }
  const decorators = new Map();
  const plugins = new Map();
  if (side === 'server') {
    for (const { feature, text } of texts) {
      for (const m of text.matchAll(DECORATION)) decorators.set(m[1], feature);
      if (!text.includes("'fastify-plugin'")) continue;
      for (const m of text.matchAll(PLUGIN_NAME)) plugins.set(m[1], feature);
    }
  }
  for (const { feature, file, text } of texts) {
    const add = (target) => {
      if (target && target !== feature) edges.get(feature).add(target);
    };
    for (const source of importSources(text)) {
      add(featureOf(root, path.resolve(path.dirname(file), source)));
    }
    if (side === 'server') {
      for (const name of decorationsNeeded(text)) add(decorators.get(name));
      for (const m of text.matchAll(DECLARED_DEPENDENCIES)) {
        for (const n of m[1].matchAll(NAME)) add(plugins.get(n[1]));
      }
    }
  }
  return { edges, decorators, plugins, component: components(edges) };
}

/** Tarjan's strongly connected components; a component of one feature is no loop. */
function components(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let counter = 0;
  let id = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.set(w, id);
      } while (w !== v);
      id += 1;
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return component;
}

/**
 * The shortest loop through the edge from -> to, as "from -> to -> … -> from", or null when
 * the edge lies on none.
 */
export function loopThrough(graph, from, to) {
  const { edges, component } = graph;
  if (from === to || component.get(from) === undefined) return null;
  if (component.get(from) !== component.get(to)) return null;
  const previous = new Map([[to, null]]);
  const queue = [to];
  while (queue.length > 0) {
    const v = queue.shift();
    if (v === from) break;
    for (const w of edges.get(v) ?? []) {
      if (component.get(w) === component.get(from) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const pathBack = [];
  for (let v = from; v !== null; v = previous.get(v)) pathBack.unshift(v);
  return [from, ...pathBack].join(' -> ');
}

const cache = new Map();

/** The graph of a side, built on first use in this process. */
export function graphOf(root, side) {
  const key = `${root}\0${side}`;
  if (!cache.has(key)) cache.set(key, buildGraph(root, side));
  return cache.get(key);
}
