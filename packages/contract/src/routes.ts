/**
 * The route table of spec §2. The web router is generated from it and the server uses it to
 * answer every app path with the SPA shell, so a route can never exist on one side only.
 */

export const SCREEN_GROUPS = ['auth', 'core', 'workspace', 'subscriptions', 'admin'] as const;
export type ScreenGroup = (typeof SCREEN_GROUPS)[number];

/** How an unauthenticated visitor is handled on a guarded route (spec §2 "Guard behaviour"). */
export type GuardMode = 'redirect' | 'modal';

export const SCREEN_IDS = [
  'home',
  'pricing',
  'login',
  'signup',
  'verify-email',
  'forgot-password',
  'reset-password',
  'google-callback',
  'apple-success',
  'apple-error',
  'two-factor',
  'chat-list',
  'chat-detail',
  'compare',
  'projects',
  'project-detail',
  'favourites',
  'prompt-templates',
  'prompt-generator',
  'vault',
  'vault-reset-pin',
  'vault-chat',
  'share-continue',
  'api-keys',
  'profile',
  'support',
  'subscription-manage',
  'checkout',
  'subscription-success',
  'subscription-cancel',
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
] as const;
export type ScreenId = (typeof SCREEN_IDS)[number];

/**
 * The second sign-in step (issue 20 §5): the login screen navigates here with the challenge in
 * the router state; the server's Apple callback redirects here with `?challenge=`.
 */
export const TWO_FACTOR_STEP_PATH = '/auth/two-factor';

export interface RouteDef {
  /** React Router path pattern (`:param` segments). */
  path: string;
  screen: ScreenId;
  /** Preload group of spec §9. */
  group: ScreenGroup;
  /** null: open to everyone. */
  guard: GuardMode | null;
  /** Admin routes also need the admin role (checked again on the server). */
  admin?: boolean;
  /** Placeholder text shown while the screen's chunk loads (spec §2). */
  loadingText: string;
}

const route = (
  path: string,
  screen: ScreenId,
  group: ScreenGroup,
  guard: GuardMode | null,
  loadingText: string,
  admin = false,
): RouteDef =>
  admin
    ? { path, screen, group, guard, admin, loadingText }
    : { path, screen, group, guard, loadingText };

// Modal guard where the page itself is useful to look at before signing up (the spec's
// "page with a sign-up modal over it"); redirect where the page means nothing without an account.
export const ROUTES: readonly RouteDef[] = [
  route('/', 'home', 'core', null, 'Loading chat interface...'),
  route('/pricing', 'pricing', 'subscriptions', null, 'Loading pricing...'),
  route('/login', 'login', 'auth', null, 'Loading sign in...'),
  route('/signup', 'signup', 'auth', null, 'Loading sign up...'),
  route('/register', 'signup', 'auth', null, 'Loading sign up...'),
  route('/verify-email', 'verify-email', 'auth', null, 'Loading verification...'),
  route('/forgot-password', 'forgot-password', 'auth', null, 'Loading password recovery...'),
  route('/reset-password', 'reset-password', 'auth', null, 'Loading password reset...'),
  route('/auth/google/callback', 'google-callback', 'auth', null, 'Signing in with Google...'),
  route('/auth/apple/success', 'apple-success', 'auth', null, 'Signing in with Apple...'),
  route('/auth/apple/error', 'apple-error', 'auth', null, 'Loading...'),
  route('/auth/two-factor', 'two-factor', 'auth', null, 'Loading sign in...'),
  route('/chats', 'chat-list', 'core', null, 'Loading chats...'),
  route('/chats/:chatId', 'chat-detail', 'core', null, 'Loading chat interface...'),
  route('/compare', 'compare', 'core', null, 'Loading compare...'),
  route('/compare/:sessionId', 'compare', 'core', null, 'Loading compare...'),
  route('/project', 'projects', 'core', 'modal', 'Loading projects...'),
  route('/project/:projectId', 'project-detail', 'core', 'redirect', 'Loading projects...'),
  route('/favourites', 'favourites', 'workspace', null, 'Loading favourites...'),
  route('/prompt-templates', 'prompt-templates', 'workspace', null, 'Loading prompt templates...'),
  route('/prompt-generator', 'prompt-generator', 'core', null, 'Loading prompt generator...'),
  route('/vault', 'vault', 'workspace', null, 'Loading vault...'),
  route('/vault/reset-pin', 'vault-reset-pin', 'workspace', null, 'Loading vault...'),
  route('/vault/chats/:chatId', 'vault-chat', 'core', null, 'Loading chat interface...'),
  route('/share/:token/continue', 'share-continue', 'core', null, 'Loading chat interface...'),
  route('/api-keys', 'api-keys', 'core', 'modal', 'Loading API keys...'),
  route('/profile', 'profile', 'core', 'redirect', 'Loading profile...'),
  route('/settings', 'profile', 'core', 'redirect', 'Loading profile...'),
  route('/support', 'support', 'core', 'modal', 'Loading support...'),
  route(
    '/subscription/manage',
    'subscription-manage',
    'subscriptions',
    'redirect',
    'Loading subscription...',
  ),
  route(
    '/subscription/checkout/:planId',
    'checkout',
    'subscriptions',
    'redirect',
    'Loading checkout...',
  ),
  route(
    '/subscription/:subscriptionId/payment',
    'checkout',
    'subscriptions',
    'redirect',
    'Loading checkout...',
  ),
  route(
    '/subscription/success',
    'subscription-success',
    'subscriptions',
    'redirect',
    'Loading subscription...',
  ),
  route(
    '/subscription/cancel',
    'subscription-cancel',
    'subscriptions',
    'redirect',
    'Loading subscription...',
  ),
  route('/admin', 'admin-dashboard', 'admin', 'redirect', 'Loading admin dashboard...', true),
  route('/admin/users', 'admin-users', 'admin', 'redirect', 'Loading admin dashboard...', true),
  route('/admin/audit', 'admin-audit', 'admin', 'redirect', 'Loading admin dashboard...', true),
  route('/admin/plans', 'admin-plans', 'admin', 'redirect', 'Loading admin dashboard...', true),
  route(
    '/admin/subscriptions',
    'admin-subscriptions',
    'admin',
    'redirect',
    'Loading admin dashboard...',
    true,
  ),
  route(
    '/admin/ai-management',
    'admin-ai-management',
    'admin',
    'redirect',
    'Loading admin dashboard...',
    true,
  ),
  route(
    '/admin/prompt-templates',
    'admin-prompt-templates',
    'admin',
    'redirect',
    'Loading admin dashboard...',
    true,
  ),
  route('/admin/support', 'admin-support', 'admin', 'redirect', 'Loading admin dashboard...', true),
  route('/admin/errors', 'admin-errors', 'admin', 'redirect', 'Loading admin dashboard...', true),
  route('/admin/flags', 'admin-flags', 'admin', 'redirect', 'Loading admin dashboard...', true),
];

/** Turns a route pattern into a RegExp matching concrete paths (one segment per `:param`). */
export function routePatternToRegExp(path: string): RegExp {
  const body = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // The root pattern already ends in a slash; another optional one would let "//" match it.
  return new RegExp(path === '/' ? '^/$' : `^${body}/?$`);
}

const ROUTE_MATCHERS = ROUTES.map((r) => ({ route: r, re: routePatternToRegExp(r.path) }));

/** The spec §2 route a concrete path belongs to, or undefined (→ the 404 page). */
export function matchRoute(pathname: string): RouteDef | undefined {
  return ROUTE_MATCHERS.find((m) => m.re.test(pathname))?.route;
}

/**
 * Addresses people guess for a screen (the plural, US spelling, hyphenated sign-in): each
 * answers with a redirect to its route, on the server (a typed or bookmarked address) and in
 * the web router (a link inside the app), with the `:param` segments carried over.
 */
export const ROUTE_ALIASES: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/projects', to: '/project' },
  { from: '/projects/:projectId', to: '/project/:projectId' },
  { from: '/chat', to: '/chats' },
  { from: '/chat/:chatId', to: '/chats/:chatId' },
  { from: '/favorites', to: '/favourites' },
  { from: '/templates', to: '/prompt-templates' },
  { from: '/signin', to: '/login' },
  { from: '/sign-in', to: '/login' },
  { from: '/sign-up', to: '/signup' },
  { from: '/account', to: '/profile' },
  { from: '/subscription', to: '/subscription/manage' },
];

/** The route an alias path redirects to (params filled in), or undefined for any other path. */
export function aliasTarget(pathname: string): string | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  for (const alias of ROUTE_ALIASES) {
    const pattern = alias.from.split('/');
    if (pattern.length !== segments.length) continue;
    const params = new Map<string, string>();
    const matches = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params.set(part, segment);
      return segment !== '';
    });
    if (matches)
      return alias.to
        .split('/')
        .map((part) => params.get(part) ?? part)
        .join('/');
  }
  return undefined;
}
