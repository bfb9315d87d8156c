import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';

/*
 * The vault's primitives. AES-256-GCM everywhere, a fresh 96-bit nonce per seal, and the
 * caller's associated data binding each ciphertext to what it belongs to (a note id, the
 * account of a wrap), so a ciphertext moved to another row does not open.
 */

export const VAULT_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_PREFIX = 'v1.';

/**
 * argon2id parameters for the PIN and recovery-key wraps: OWASP's m=19 MiB, t=2, p=1.
 * Kept beside each vault so they can be raised later without breaking existing ones.
 * NOTE: `algorithm: 2` is Algorithm.Argon2id (a const enum isolatedModules cannot import).
 */
export const KDF_PARAMS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
export type KdfParams = { memoryCost: number; timeCost: number; parallelism: number };

export function newVaultKey(): Buffer {
  return randomBytes(VAULT_KEY_BYTES);
}

export function newSalt(): Buffer {
  return randomBytes(16);
}

/** The 256-bit key a PIN or recovery key wraps the vault key under. */
export function deriveWrappingKey(
  secret: string,
  salt: Buffer,
  params: KdfParams,
): Promise<Buffer> {
  return hashRaw(secret.normalize('NFC'), {
    algorithm: 2,
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
    outputLen: VAULT_KEY_BYTES,
    salt,
  });
}

/** `v1.` + base64url(nonce ‖ ciphertext ‖ tag). */
export function seal(key: Buffer, plaintext: Buffer | string, associatedData: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([
    cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext),
    cipher.final(),
  ]);
  return SEALED_PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/** The plaintext, or null when the key, the associated data or the bytes are not the sealed ones. */
export function open(key: Buffer, sealed: string, associatedData: string): Buffer | null {
  if (!sealed.startsWith(SEALED_PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

export function sealText(key: Buffer, text: string, associatedData: string): string {
  return seal(key, text, associatedData);
}

export function openText(key: Buffer, sealed: string, associatedData: string): string | null {
  return open(key, sealed, associatedData)?.toString('utf8') ?? null;
}

/** A key for one purpose derived from a server secret, so one secret serves many uses apart. */
export function deriveServerKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'parallax', purpose, VAULT_KEY_BYTES));
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 160 random bits as 8 groups of 4 base32 characters. */
export function newRecoveryKey(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)?.join('-') ?? out;
}
