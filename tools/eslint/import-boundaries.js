import path from 'node:path';

/**
 * The one-way imports of ARCHITECTURE "Layout", checked on resolved paths so that relative
 * imports cannot sneak around them:
 * - packages/contract imports nothing of ours;
 * - apps/web never imports apps/server;
 * - a web feature reaches another feature only through its index;
 * - a server feature reaches another feature only through its service (or index);
 * - web features never import the app shell (src/app combines features, not the reverse).
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');

function resolveTarget(fromFile, source) {
  if (source.startsWith('.')) return rel(path.resolve(path.dirname(fromFile), source));
  if (source.startsWith('@parallax/server')) return 'apps/server/src';
  if (source.startsWith('@parallax/web')) return 'apps/web/src';
  if (source.startsWith('@parallax/provider-sim')) return 'packages/provider-sim/src';
  if (source.startsWith('@parallax/contract')) return 'packages/contract/src';
  return null; // a package from node_modules
}

const FEATURE = /^apps\/(web|server)\/src\/features\/([^/]+)\/(.*)$/;

export function violation(fromFile, source) {
  const from = rel(fromFile);
  const target = resolveTarget(fromFile, source);
  if (!target) return null;
  if (
    from.startsWith('packages/contract/') &&
    !from.endsWith('.test.ts') &&
    !target.startsWith('packages/contract/')
  ) {
    return 'The contract imports nothing of ours: only zod.';
  }
  if (from.startsWith('apps/web/') && target.startsWith('apps/server')) {
    return 'The web never imports the server; share shapes through @parallax/contract.';
  }
  const f = FEATURE.exec(from);
  if (!f) return null;
  const [, side, feature] = f;
  if (side === 'web' && target.startsWith('apps/web/src/app')) {
    return 'Features do not import the app shell; the app combines features.';
  }
  const t = FEATURE.exec(target);
  if (!t || t[1] !== side || t[2] === feature) return null;
  const inner = t[3].replace(/\.(tsx?|js)$/, '');
  if (inner === 'index' || inner === '') return null;
  if (side === 'server' && /^[^/]+\.service$/.test(inner)) return null;
  return side === 'web'
    ? `Feature "${feature}" may use feature "${t[2]}" only through features/${t[2]}/index.`
    : `Feature "${feature}" may use feature "${t[2]}" only through its service or index.`;
}

const rule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'one-way imports between layers and features' },
  },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = violation(context.filename, node.source.value);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
