import path from 'node:path';
import { FEATURE, graphOf, loopThrough } from './feature-graph.js';

/**
 * The one-way imports of ARCHITECTURE "Layout", checked on resolved paths so that relative
 * imports cannot sneak around them:
 * - a layer order per side (LAYERS): a file never imports a higher layer;
 * - apps/web never imports apps/server;
 * - a web feature reaches another feature only through its index;
 * - a server feature reaches another feature only through its service (or index);
 * - no feature import loop on either side (feature-graph.js): an import, or on the server a
 *   read of another feature's `app.<decoration>`, whose feature-to-feature edge lies on a
 *   loop is reported with the loop named.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * Lowest first. A file may import its own layer and those below it, never one above. Paths
 * not listed (tests' support folders, provider-sim, tools) sit outside the order.
 */
const LAYERS = [
  {
    name: 'the contract',
    rank: 0,
    paths: ['packages/contract/'],
  },
  {
    name: 'web lib/ and ui/',
    rank: 1,
    paths: ['apps/web/src/lib/', 'apps/web/src/ui/'],
  },
  { name: 'web features', rank: 2, paths: ['apps/web/src/features/'] },
  { name: 'the web app shell', rank: 3, paths: ['apps/web/src/app/', 'apps/web/src/main.tsx'] },
  {
    // web/ serves the built client through infra alone; config and version are read by all.
    name: 'server db/, infra/, providers/, realtime/, web/ and config',
    rank: 1,
    paths: [
      'apps/server/src/db/',
      'apps/server/src/infra/',
      'apps/server/src/providers/',
      'apps/server/src/realtime/',
      'apps/server/src/web/',
      'apps/server/src/config.ts',
      'apps/server/src/config/',
      'apps/server/src/version.ts',
    ],
  },
  {
    // app/ combines features: their plugins, their routes (app/feature-routes.ts).
    name: 'the server app (app.ts or app/, main.ts)',
    rank: 3,
    paths: ['apps/server/src/app.ts', 'apps/server/src/app/', 'apps/server/src/main.ts'],
  },
  { name: 'server features', rank: 2, paths: ['apps/server/src/features/'] },
];

/** A resolved import names no extension: `../app` is app.ts. */
const layerOf = (p) =>
  LAYERS.find((l) =>
    l.paths.some((prefix) =>
      prefix.endsWith('/') ? p.startsWith(prefix) : [p, `${p}.ts`, `${p}.tsx`].includes(prefix),
    ),
  ) ?? null;

function resolveTarget(root, fromFile, source) {
  if (source.startsWith('.')) {
    return path
      .relative(root, path.resolve(path.dirname(fromFile), source))
      .split(path.sep)
      .join('/');
  }
  if (source.startsWith('@parallax/server')) return 'apps/server/src';
  if (source.startsWith('@parallax/web')) return 'apps/web/src';
  if (source.startsWith('@parallax/provider-sim')) return 'packages/provider-sim/src';
  if (source.startsWith('@parallax/contract')) return 'packages/contract/src';
  return null; // a package from node_modules
}

const isTest = (p) => /\.test\.tsx?$/.test(p);

export function violation(fromFile, source, root = ROOT) {
  const from = path.relative(root, fromFile).split(path.sep).join('/');
  const target = resolveTarget(root, fromFile, source);
  if (!target) return null;
  if (
    from.startsWith('packages/contract/') &&
    !isTest(from) &&
    !target.startsWith('packages/contract/')
  ) {
    return 'The contract imports nothing of ours: only zod.';
  }
  if (from.startsWith('apps/web/') && target.startsWith('apps/server')) {
    return 'The web never imports the server; share shapes through @parallax/contract.';
  }
  const fromLayer = layerOf(from);
  const toLayer = layerOf(target);
  if (fromLayer && toLayer && toLayer.rank > fromLayer.rank) {
    return `Layer breach: ${fromLayer.name} may not import ${toLayer.name} (${target}); move what both need down, or combine them higher up.`;
  }
  const f = FEATURE.exec(from);
  if (!f) return null;
  const [, side, feature] = f;
  const t = FEATURE.exec(target);
  if (!t || t[1] !== side || t[2] === feature) return null;
  const inner = (t[3] ?? '').replace(/\.(tsx?|js)$/, '');
  if (inner === 'index' || inner === '') return null;
  if (side === 'server' && /^[^/]+\.service$/.test(inner)) return null;
  return side === 'web'
    ? `Feature "${feature}" may use feature "${t[2]}" only through features/${t[2]}/index.`
    : `Feature "${feature}" may use feature "${t[2]}" only through its service or index.`;
}

/** The loop an edge from the file's feature to `target` lies on, as a message, or null. */
function loopMessage(root, fromFile, targetFeature) {
  const from = path.relative(root, fromFile).split(path.sep).join('/');
  const f = FEATURE.exec(from);
  if (!f || isTest(from) || targetFeature === f[2]) return null;
  const loop = loopThrough(graphOf(root, f[1]), f[2], targetFeature);
  return loop
    ? `Feature import loop: ${loop}. Move what both need down (lib/, ui/, infra/ or a smaller feature) or combine them in the app.`
    : null;
}

/** The Fastify instance as server features name it when they read a decoration off it. */
const INSTANCE_NAMES = new Set(['app', 'fastify', 'instance']);

const rule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'one-way imports between layers and features, and no feature loop' },
  },
  create(context) {
    const root = context.settings?.importBoundaries?.root ?? ROOT;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const source = node.source.value;
      const message = violation(context.filename, source, root);
      if (message) {
        context.report({ node: node.source, message });
        return;
      }
      const target = resolveTarget(root, context.filename, source);
      const t = target && FEATURE.exec(target);
      if (!t) return;
      const loop = loopMessage(root, context.filename, t[2]);
      if (loop) context.report({ node: node.source, message: loop });
    };
    const handlers = {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
    };
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    if (from.startsWith('apps/server/src/features/') && !isTest(from)) {
      const graph = () => graphOf(root, 'server');
      const needs = (node, name, owners, what) => {
        const owner = owners().get(name);
        const loop = owner && loopMessage(root, context.filename, owner);
        if (loop) context.report({ node, message: `${loop} (${what} "${owner}")` });
      };
      const decoration = (node, name) =>
        needs(node, name, () => graph().decorators, `app.${name} is decorated by feature`);
      const names = (array) =>
        array.type === 'ArrayExpression'
          ? array.elements.filter((e) => e?.type === 'Literal' && typeof e.value === 'string')
          : [];
      const isInstance = (node) => node?.type === 'Identifier' && INSTANCE_NAMES.has(node.name);
      const keyName = (property) =>
        !property.computed && property.key.type === 'Identifier' ? property.key.name : null;
      // app.projects
      handlers.MemberExpression = (node) => {
        if (!node.computed && isInstance(node.object) && node.property.type === 'Identifier') {
          decoration(node, node.property.name);
        }
      };
      // const { projects } = app
      handlers.VariableDeclarator = (node) => {
        if (node.id.type !== 'ObjectPattern' || !isInstance(node.init)) return;
        for (const property of node.id.properties) {
          const name = property.type === 'Property' ? keyName(property) : null;
          if (name) decoration(property, name);
        }
      };
      // fastify-plugin options: dependencies: ['projects'], decorators: { fastify: ['projects'] }
      handlers.Property = (node) => {
        const key = keyName(node);
        if (key === 'dependencies') {
          for (const e of names(node.value)) {
            needs(
              e,
              e.value,
              () => graph().plugins,
              `plugin "${e.value}" is registered by feature`,
            );
          }
        }
        const parent = node.parent?.parent;
        if (key === 'fastify' && parent?.type === 'Property' && keyName(parent) === 'decorators') {
          for (const e of names(node.value)) decoration(e, e.value);
        }
      };
    }
    return handlers;
  },
};

export default { rules: { 'import-boundaries': rule } };
