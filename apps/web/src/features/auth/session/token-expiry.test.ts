import { describe, expect, it } from 'vitest';
import { expiresAtFrom, readJwtTimes, refreshDueAt } from './token-expiry';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const jwt = (claims: object) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.sig`;

describe('token expiry', () => {
  it('counts expires_in from receipt on this browser, whatever the server clock says', () => {
    const token = jwt({ exp: 10_900, iat: 10_000 });
    expect(expiresAtFrom(token, 900, 5_000_000)).toBe(5_000_000 + 900_000);
  });

  it("caps an assumed expiry (Apple's 3600 s) by the token's own lifetime", () => {
    expect(expiresAtFrom(jwt({ exp: 10_900, iat: 10_000 }), 3600, 0)).toBe(900_000);
    expect(expiresAtFrom('opaque', 3600, 0)).toBe(3_600_000);
  });

  it('is due 5 minutes before expiry; without a stored expiry the token exp is used', () => {
    expect(refreshDueAt('acc', 1_000_000)).toBe(700_000);
    expect(refreshDueAt(jwt({ exp: 2_000 }), null)).toBe(1_700_000);
    expect(refreshDueAt('not-a-jwt', null)).toBeNull();
    expect(refreshDueAt(null, 1_000_000)).toBeNull();
  });

  it('reads exp and iat, and nothing from a malformed token', () => {
    expect(readJwtTimes(jwt({ exp: 5, iat: 1 }))).toEqual({ exp: 5, iat: 1 });
    expect(readJwtTimes('a.%%%.c')).toBeNull();
    expect(readJwtTimes(jwt({ sub: 'x' }))).toBeNull();
  });
});
