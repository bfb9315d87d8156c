import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth';
import { Providers } from './providers';
import { buildRoutes } from './routes';

function Exploding(): never {
  throw new Error('render exploded');
}

// Every screen throws while rendering: what the user gets must be the spec's error screen.
vi.mock('./groups/load-group', () => ({
  loadScreen: (): Promise<ComponentType> => Promise.resolve(Exploding),
  preloadGroup: () => Promise.resolve(),
}));

beforeEach(() => {
  // React reports caught render errors on console.error; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
  useAuthStore.setState({ isLoading: false, isAuthenticated: false, user: null });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('error boundaries in the app', () => {
  it('a screen that throws shows the section error inside the shell, not a blank page', async () => {
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/chats'] });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Section Error' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.getByText(/^err_[0-9a-f]{12}$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    // The shell around the screen still works: the user can go elsewhere.
    expect(screen.getAllByRole('link', { name: 'Parallax home' }).length).toBeGreaterThan(0);
  });
});
