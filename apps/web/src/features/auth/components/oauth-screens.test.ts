import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { appleErrorMessage } from './apple-error-screen';
import { appleTokensFrom } from './apple-success-screen';
import { takeOAuthOrigin, rememberOAuthOrigin } from './oauth/oauth-origin';

describe('Apple redirect pages', () => {
  it("builds the session from the success query, assuming the spec's 3600 s expiry", () => {
    const before = Date.now();
    const tokens = appleTokensFrom('?access_token=acc&refresh_token=ref');
    expect(tokens).toMatchObject({ accessToken: 'acc', refreshToken: 'ref' });
    expect(tokens.expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(tokens.expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('refuses a success query without both tokens', () => {
    expect(() => appleTokensFrom('?access_token=acc')).toThrow();
  });

  it('explains known error reasons and falls back to the spec text', () => {
    expect(appleErrorMessage('cancelled')).toBe('Apple sign-in was cancelled.');
    expect(appleErrorMessage('server_error')).toBe(AUTH_FALLBACK_MESSAGES.apple);
    expect(appleErrorMessage(null)).toBe(AUTH_FALLBACK_MESSAGES.apple);
  });
});

describe('OAuth origin', () => {
  it('is read once, and only same-app paths are honoured', () => {
    rememberOAuthOrigin('/profile?tab=1');
    expect(takeOAuthOrigin()).toBe('/profile?tab=1');
    expect(takeOAuthOrigin()).toBe('/');
    rememberOAuthOrigin('//evil.example/x');
    expect(takeOAuthOrigin()).toBe('/');
  });
});
