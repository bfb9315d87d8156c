import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ROUTE_ALIASES,
  ROUTES,
  aliasTarget,
  matchRoute,
  routePatternToRegExp,
  type ScreenGroup,
  type ScreenId,
} from './index';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const specPath =
  process.env.PARALLAX_SPEC_PATH ?? resolve(repoRoot, '../shared/spec/product-spec.md');
const spec = readFileSync(specPath, 'utf8');

/** Rows of the spec §2 table as lists of React Router patterns ("/a and /b" → two paths). */
function specRouteRows(): string[][] {
  const section = spec.split(/^## /m).find((s) => s.startsWith('2. '));
  if (!section) throw new Error('spec §2 not found');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| /'))
    .map((line) =>
      (line.split('|')[1] ?? '')
        .trim()
        .split(' and ')
        .map((p) => p.trim().replace(/\{(\w+)\}/g, ':$1')),
    );
}

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/**
 * Routes beyond the spec's table that ARCHITECTURE.md or an issue names (a project's page,
 * issue 14; the admin console, issue 19; the support inbox, browser errors, feature flags and the
 * two-factor sign-in step, issue 20).
 */
const BEYOND_SPEC = new Set([
  '/auth/two-factor',
  '/project/:projectId',
  '/admin',
  '/admin/users',
  '/admin/audit',
  '/admin/support',
  '/admin/errors',
  '/admin/flags',
  '/vault/chats/:chatId',
  '/share/:token/continue',
]);

describe('ROUTES against spec §2', () => {
  const rows = specRouteRows();

  it('parses the whole table', () => {
    expect(rows.flat().length).toBeGreaterThanOrEqual(30);
  });

  it('has every path of the table and nothing else', () => {
    const fromSpec = ROUTES.map((r) => r.path).filter((p) => !BEYOND_SPEC.has(p));
    expect(fromSpec.sort()).toEqual(rows.flat().sort());
  });

  it('has no duplicate path', () => {
    expect(byPath.size).toBe(ROUTES.length);
  });

  it('gives paths of one row the same screen', () => {
    for (const row of rows) expect(new Set(row.map((p) => byPath.get(p)?.screen)).size).toBe(1);
    expect(byPath.get('/subscription/:subscriptionId/payment')?.screen).toBe(
      byPath.get('/subscription/checkout/:planId')?.screen,
    );
  });

  it('guards exactly api-keys, profile, settings, support, projects, subscriptions except pricing, and admin', () => {
    // Projects need an account (issue 14): /project shows the sign-up modal to visitors.
    const guardedBySpec = (path: string) =>
      ['/api-keys', '/profile', '/settings', '/support', '/project'].includes(path) ||
      path.startsWith('/project/') ||
      path.startsWith('/subscription/') ||
      path === '/admin' ||
      path.startsWith('/admin/');
    for (const r of ROUTES)
      expect({ path: r.path, guarded: r.guard !== null }).toEqual({
        path: r.path,
        guarded: guardedBySpec(r.path),
      });
    for (const r of ROUTES)
      expect({ path: r.path, admin: r.admin === true }).toEqual({
        path: r.path,
        admin: r.path === '/admin' || r.path.startsWith('/admin/'),
      });
  });

  it('puts each screen in its spec §9 group', () => {
    const groups: Record<ScreenGroup, ScreenId[]> = {
      auth: [
        'login',
        'signup',
        'google-callback',
        'apple-success',
        'apple-error',
        'two-factor',
        'forgot-password',
        'reset-password',
        'verify-email',
      ],
      core: [
        'home',
        'compare',
        'chat-list',
        'chat-detail',
        'profile',
        'support',
        'api-keys',
        'projects',
        'project-detail',
        'prompt-generator',
        'vault-chat',
        'share-continue',
      ],
      workspace: ['favourites', 'prompt-templates', 'vault', 'vault-reset-pin'],
      subscriptions: [
        'pricing',
        'subscription-manage',
        'subscription-success',
        'subscription-cancel',
        'checkout',
      ],
      admin: [
        'admin-plans',
        'admin-subscriptions',
        'admin-ai-management',
        'admin-prompt-templates',
        'admin-dashboard',
        'admin-users',
        'admin-audit',
        'admin-support',
        'admin-errors',
        'admin-flags',
      ],
    };
    for (const r of ROUTES)
      expect({ screen: r.screen, inGroup: groups[r.group].includes(r.screen) }).toEqual({
        screen: r.screen,
        inGroup: true,
      });
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', 'home'],
    ['/chats', 'chat-list'],
    ['/chats/', 'chat-list'],
    ['/chats/3f2a-77', 'chat-detail'],
    ['/compare', 'compare'],
    ['/compare/session-1', 'compare'],
    ['/register', 'signup'],
    ['/settings', 'profile'],
    ['/subscription/checkout/pro', 'checkout'],
    ['/subscription/sub_123/payment', 'checkout'],
    ['/subscription/success', 'subscription-success'],
    ['/subscription/cancel', 'subscription-cancel'],
    ['/vault/reset-pin', 'vault-reset-pin'],
    ['/vault/chats/3f2a-77', 'vault-chat'],
    ['/project/p_1', 'project-detail'],
    ['/admin/ai-management', 'admin-ai-management'],
    ['/admin', 'admin-dashboard'],
    ['/admin/users', 'admin-users'],
    ['/admin/audit', 'admin-audit'],
  ])('%s → %s', (path, screen) => {
    expect(matchRoute(path)?.screen).toBe(screen);
  });

  it.each([
    '/nope',
    '/admin/nope',
    '/chats/a/b',
    '/subscription',
    '/subscription/x',
    '/projects',
    '/login/extra',
    '//',
    '',
  ])('answers undefined for %j (the 404 page)', (path) => {
    expect(matchRoute(path)).toBeUndefined();
  });

  it('treats pattern text literally', () => {
    expect(routePatternToRegExp('/a.b').test('/axb')).toBe(false);
    expect(routePatternToRegExp('/a.b').test('/a.b')).toBe(true);
  });
});

describe('route aliases', () => {
  const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x1');

  it('send each alias to a route of the table, never shadowing one', () => {
    for (const alias of ROUTE_ALIASES) {
      expect(matchRoute(concrete(alias.from)), alias.from).toBeUndefined();
      expect(matchRoute(concrete(alias.to)), alias.to).toBeDefined();
    }
  });

  it.each([
    ['/projects', '/project'],
    ['/projects/', '/project'],
    ['/projects/p_1', '/project/p_1'],
    ['/chat/c-9', '/chats/c-9'],
    ['/favorites', '/favourites'],
    ['/projects/a/b', undefined],
    ['/projectsx', undefined],
    ['/project', undefined],
  ])('%s → %s', (path, target) => {
    expect(aliasTarget(path)).toBe(target);
  });
});
