import { VAULT_IDLE_MINUTES } from '@parallax/contract';
import { deriveServerKey, open, seal, VAULT_KEY_BYTES } from './vault-crypto';

/*
 * A vault session is the unwrapped vault key sealed under a server key inside a token that only
 * the client holds. No process keeps it: any process with the server secret can honour it, and
 * the database's per-account epoch (raised by lock, PIN change and reset) revokes every token
 * at once. The token alone is useless without the server secret, and the secret without it.
 */

const TOKEN_PREFIX = 'pvt1.';
const ASSOCIATED_DATA = 'parallax-vault-session';
export const VAULT_IDLE_MS = VAULT_IDLE_MINUTES * 60_000;

export interface VaultSessionClaims {
  userId: string;
  /** The sign-in session it was opened in: sign-out ends it with that session. */
  sessionId: string;
  epoch: number;
  expiresAt: Date;
  key: Buffer;
}

interface SealedClaims {
  u: string;
  s: string;
  e: number;
  x: number;
  k: string;
}

export class VaultSessionTokens {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = deriveServerKey(serverSecret, 'vault-session-v1');
  }

  issue(
    claims: Omit<VaultSessionClaims, 'expiresAt'>,
    now: Date = new Date(),
  ): {
    token: string;
    expiresAt: Date;
  } {
    const expiresAt = new Date(now.getTime() + VAULT_IDLE_MS);
    const body: SealedClaims = {
      u: claims.userId,
      s: claims.sessionId,
      e: claims.epoch,
      x: expiresAt.getTime(),
      k: claims.key.toString('base64url'),
    };
    return {
      token: TOKEN_PREFIX + seal(this.#key, JSON.stringify(body), ASSOCIATED_DATA),
      expiresAt,
    };
  }

  /** The claims of an authentic, unexpired token; null for anything else (never a throw). */
  read(token: string, now: Date = new Date()): VaultSessionClaims | null {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 1024) return null;
    const plain = open(this.#key, token.slice(TOKEN_PREFIX.length), ASSOCIATED_DATA);
    if (plain === null) return null;
    let body: Partial<SealedClaims>;
    try {
      body = JSON.parse(plain.toString('utf8')) as Partial<SealedClaims>;
    } catch {
      return null;
    }
    const { u, s, e, x, k } = body;
    if (
      typeof u !== 'string' ||
      typeof s !== 'string' ||
      typeof e !== 'number' ||
      typeof x !== 'number' ||
      typeof k !== 'string'
    )
      return null;
    if (x <= now.getTime()) return null;
    const key = Buffer.from(k, 'base64url');
    if (key.length !== VAULT_KEY_BYTES) return null;
    return { userId: u, sessionId: s, epoch: e, expiresAt: new Date(x), key };
  }
}
