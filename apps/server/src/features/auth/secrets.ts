import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A 6-digit code, uniformly drawn (crypto.randomInt has no modulo bias). */
export function generateVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes have only 10^6 values, so a plain hash would fall to a lookup table if the database
 * leaked; keyed with the server secret it does not.
 */
export function hashVerificationCode(code: string, email: string, key: string): string {
  return createHmac('sha256', key).update(`${email}\n${code}`).digest('hex');
}

/** 256 random bits, URL-safe: refresh tokens, reset tokens, OAuth state and nonce. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** 256-bit tokens need no key or salt: SHA-256 of them cannot be reversed or guessed. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
