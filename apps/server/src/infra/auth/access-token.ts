import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserRole } from '@parallax/contract';

/** Access tokens live 15 minutes; refresh tokens carry the session beyond that. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_ISSUER = 'parallax';
export const ACCESS_TOKEN_AUDIENCE = 'parallax-api';

export interface AccessClaims {
  userId: string;
  role: UserRole;
  sessionId: string;
}

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, now: Date = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid token, or null (bad signature, other algorithm, expired, wrong iss/aud). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      const { sub, sid, role } = payload;
      if (
        typeof sub !== 'string' ||
        typeof sid !== 'string' ||
        (role !== 'user' && role !== 'admin')
      )
        return null;
      return { userId: sub, sessionId: sid, role };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
