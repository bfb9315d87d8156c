import { hash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_RANDOM_BYTES } from '@parallax/contract';

/** Characters of the secret kept for display after the prefix (`plx_Ab3d…`). */
const SHOWN_HEAD_CHARS = 4;

export interface NewSecret {
  secret: string;
  hash: string;
  prefix: string;
  lastFour: string;
}

/** Run on every public API call: the one-shot `hash` skips createHash's stream object. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function createSecret(): NewSecret {
  const secret = `${API_KEY_PREFIX}${randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')}`;
  return {
    secret,
    hash: hashSecret(secret),
    prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN_HEAD_CHARS),
    lastFour: secret.slice(-4),
  };
}

/** Checked before any lookup, so garbage never reaches the database. */
export function looksLikeSecret(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export function newKeyId(): string {
  return `key_${randomUUID()}`;
}
