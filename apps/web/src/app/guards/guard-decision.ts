import type { RouteDef } from '@parallax/contract';

export interface GuardAuth {
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'loading' }
  | { kind: 'redirect'; to: '/login'; state: { from: GuardLocation } }
  | { kind: 'modal' }
  | { kind: 'forbidden' };

/** Spec §2 guard behaviour for one route, as data the route element acts on. */
export function decideGuard(
  route: Pick<RouteDef, 'guard' | 'admin'>,
  auth: GuardAuth,
  location: GuardLocation,
): GuardDecision {
  if (route.guard === null) return { kind: 'render' };
  if (auth.isLoading) return { kind: 'loading' };
  if (!auth.isAuthenticated) {
    if (route.guard === 'modal') return { kind: 'modal' };
    const { pathname, search, hash } = location;
    return { kind: 'redirect', to: '/login', state: { from: { pathname, search, hash } } };
  }
  if (route.admin && !auth.isAdmin) return { kind: 'forbidden' };
  return { kind: 'render' };
}
