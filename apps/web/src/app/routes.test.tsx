import { ROUTES } from '@parallax/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth';
import { Providers } from './providers';
import { buildRoutes } from './routes';

function renderAt(entry: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [entry] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return Object.assign(router, { unmount: view.unmount });
}

function setAuth(state: {
  isLoading?: boolean;
  isAuthenticated?: boolean;
  role?: 'user' | 'admin';
}) {
  useAuthStore.setState({
    isLoading: state.isLoading ?? false,
    isAuthenticated: state.isAuthenticated ?? false,
    user: state.isAuthenticated
      ? { id: 'u1', email: 'a@b.co', ...(state.role && { role: state.role }) }
      : null,
    accessToken: state.isAuthenticated ? 'a' : null,
    refreshToken: state.isAuthenticated ? 'r' : null,
  });
}

beforeEach(() => setAuth({}));
afterEach(() => vi.unstubAllGlobals());

describe('router', () => {
  it('shows the 404 page with the path and location details', async () => {
    renderAt('/no/such/place?x=1#frag');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getAllByText('/no/such/place').length).toBeGreaterThan(0);
    expect(screen.getByText('?x=1')).toBeInTheDocument();
    expect(screen.getByText('#frag')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /go home/i })).toHaveAttribute('href', '/');
  });

  it('renders the screen of every spec §2 route (signed in as admin)', async () => {
    setAuth({ isAuthenticated: true, role: 'admin' });
    // No API here: calls stay pending, so each screen shows its own first state rather than
    // racing a refused connection into an error state.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    for (const route of ROUTES) {
      const path = route.path.replace(/:\w+/g, 'abc123');
      const router = renderAt(path);
      // Login and sign-up send a signed-in user home, so they are checked signed out elsewhere.
      if (route.screen !== 'login' && route.screen !== 'signup') {
        expect(
          await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 }),
          path,
        ).toBeInTheDocument();
        expect(router.state.location.pathname).toBe(path);
      }
      expect(screen.queryByText('Page not found'), path).toBeNull();
      expect(screen.queryByRole('alert'), path).toBeNull();
      router.unmount();
    }
  }, 30_000);

  it('shows the full-screen loader on a guarded route while auth loads', () => {
    setAuth({ isLoading: true });
    renderAt('/profile');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('redirects to /login and returns to the origin after sign-in', async () => {
    const router = renderAt('/subscription/manage?tab=invoices');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    act(() => setAuth({ isAuthenticated: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription/manage'));
    expect(router.state.location.search).toBe('?tab=invoices');
  });

  it('sends an already signed-in user away from /login to /', async () => {
    setAuth({ isAuthenticated: true });
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the sign-up modal over a modal-guarded page; backdrop goes home', async () => {
    const router = renderAt('/support');
    expect(
      await screen.findByRole('dialog', { name: 'Sign Up to Access This Feature' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Create an account to unlock all features and save your work'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Already have an account? Log In' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('modal Log In goes to /login remembering the page', async () => {
    const router = renderAt('/api-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Already have an account? Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/api-keys', search: '', hash: '' },
    });
  });

  it('admin routes need the admin role', async () => {
    setAuth({ isAuthenticated: true });
    renderAt('/admin/plans');
    expect(
      await screen.findByText('You do not have permission to perform this action.'),
    ).toBeInTheDocument();
  });

  it('/register and /settings reuse the sign-up and profile screens', async () => {
    const signup = renderAt('/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    signup.unmount();
    setAuth({ isAuthenticated: true });
    renderAt('/settings');
    expect(
      await screen.findByRole('heading', { name: 'Profile and settings' }),
    ).toBeInTheDocument();
  });
});
