import { ROUTES } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard-decision';

const loc = { pathname: '/subscription/manage', search: '?tab=invoices', hash: '#top' };
const signedOut = { isLoading: false, isAuthenticated: false, isAdmin: false };
const member = { isLoading: false, isAuthenticated: true, isAdmin: false };
const admin = { isLoading: false, isAuthenticated: true, isAdmin: true };

describe('decideGuard', () => {
  it('renders open routes at once, even while auth loads', () => {
    expect(decideGuard({ guard: null }, { ...signedOut, isLoading: true }, loc)).toEqual({
      kind: 'render',
    });
  });

  it('shows the loader on guarded routes while auth loads', () => {
    expect(decideGuard({ guard: 'redirect' }, { ...signedOut, isLoading: true }, loc)).toEqual({
      kind: 'loading',
    });
    expect(decideGuard({ guard: 'modal' }, { ...member, isLoading: true }, loc)).toEqual({
      kind: 'loading',
    });
  });

  it('redirects to /login remembering the full origin', () => {
    expect(decideGuard({ guard: 'redirect' }, signedOut, loc)).toEqual({
      kind: 'redirect',
      to: '/login',
      state: { from: loc },
    });
  });

  it('shows the sign-up modal on modal routes', () => {
    expect(decideGuard({ guard: 'modal' }, signedOut, loc)).toEqual({ kind: 'modal' });
  });

  it('lets signed-in users through and keeps admin routes for admins', () => {
    expect(decideGuard({ guard: 'redirect' }, member, loc)).toEqual({ kind: 'render' });
    expect(decideGuard({ guard: 'redirect', admin: true }, member, loc)).toEqual({
      kind: 'forbidden',
    });
    expect(decideGuard({ guard: 'redirect', admin: true }, admin, loc)).toEqual({ kind: 'render' });
    expect(decideGuard({ guard: 'redirect', admin: true }, signedOut, loc).kind).toBe('redirect');
  });

  it('guards exactly the spec §2 set of routes, projects (issue 14) and the support inbox (issue 20)', () => {
    const guarded = ROUTES.filter((r) => r.guard !== null).map((r) => r.path);
    expect(guarded).toEqual([
      '/project',
      '/project/:projectId',
      '/api-keys',
      '/profile',
      '/settings',
      '/support',
      '/subscription/manage',
      '/subscription/checkout/:planId',
      '/subscription/:subscriptionId/payment',
      '/subscription/success',
      '/subscription/cancel',
      '/admin',
      '/admin/users',
      '/admin/audit',
      '/admin/plans',
      '/admin/subscriptions',
      '/admin/ai-management',
      '/admin/prompt-templates',
      '/admin/support',
      '/admin/errors',
      '/admin/flags',
    ]);
  });
});
