import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth';
import { followAccountTheme } from './follow-account-theme';
import { useThemeStore } from './theme-store';

const user = (id: string, theme: 'light' | 'dark' | 'system') => ({
  id,
  email: `${id}@b.co`,
  preferences: { theme, default_provider: null, default_model: null },
});

let stop: () => void = () => undefined;
beforeEach(() => {
  useAuthStore.getState().clearSession();
  useThemeStore.getState().setChoice('light');
  stop = followAccountTheme();
});
afterEach(() => stop());

describe('the account theme follows the user', () => {
  it('applies the saved theme when the user signs in', () => {
    useAuthStore
      .getState()
      .setSession({ accessToken: 'a', refreshToken: 'r', user: user('u1', 'dark') });
    expect(useThemeStore.getState().choice).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('leaves a choice made on this device afterwards alone until the next sign-in', () => {
    useAuthStore
      .getState()
      .setSession({ accessToken: 'a', refreshToken: 'r', user: user('u1', 'dark') });
    useThemeStore.getState().setChoice('light');
    useAuthStore.getState().setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(useThemeStore.getState().choice).toBe('light');
    useAuthStore.getState().clearSession();
    useAuthStore
      .getState()
      .setSession({ accessToken: 'b', refreshToken: 'r', user: user('u1', 'dark') });
    expect(useThemeStore.getState().choice).toBe('dark');
  });

  it('does nothing for a user without a saved theme', () => {
    useAuthStore
      .getState()
      .setSession({ accessToken: 'a', refreshToken: 'r', user: { id: 'u2', email: 'x@y.z' } });
    expect(useThemeStore.getState().choice).toBe('light');
  });
});
