import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  AccessTokens,
} from './access-token';

const SECRET = 's'.repeat(64);
const claims = { userId: 'u1', role: 'user' as const, sessionId: 's1' };

describe('access tokens', () => {
  it('round-trips sub, role and sid', async () => {
    const tokens = new AccessTokens(SECRET);
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it('expire after 15 minutes', async () => {
    const tokens = new AccessTokens(SECRET);
    const issued = new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000);
    expect(await tokens.verify(await tokens.sign(claims, issued))).toBeNull();
  });

  it('refuse another secret, issuer, audience or algorithm', async () => {
    const tokens = new AccessTokens(SECRET);
    expect(await new AccessTokens('t'.repeat(64)).verify(await tokens.sign(claims))).toBeNull();
    const key = new TextEncoder().encode(SECRET);
    const forge = (iss: string, aud: string, alg = 'HS256') =>
      new SignJWT({ role: 'admin', sid: 's1' })
        .setProtectedHeader({ alg })
        .setSubject('u1')
        .setIssuer(iss)
        .setAudience(aud)
        .setExpirationTime('5m')
        .sign(key);
    expect(await tokens.verify(await forge('other', ACCESS_TOKEN_AUDIENCE))).toBeNull();
    expect(await tokens.verify(await forge(ACCESS_TOKEN_ISSUER, 'other'))).toBeNull();
    expect(
      await tokens.verify(await forge(ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE, 'HS512')),
    ).toBeNull();
    expect(await tokens.verify(await forge(ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE))).toEqual({
      userId: 'u1',
      role: 'admin',
      sessionId: 's1',
    });
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u1","sid":"s1","role":"admin"}').toString('base64url')}.`;
    expect(await tokens.verify(unsigned)).toBeNull();
  });
});
