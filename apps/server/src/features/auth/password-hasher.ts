import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended parameter set: m=19 MiB, t=2, p=1.
 * NOTE: `algorithm: 2` is Algorithm.Argon2id; the package declares it as a const enum, which
 * isolatedModules cannot import.
 */
const ARGON2ID_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** False (never a throw) for a malformed stored hash: that account just cannot sign in. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when there is no account (or no password), so a
 * wrong password and an unknown email take similar time.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}

/** Computed once, ahead of the first sign-in, so even the first unknown email costs the same. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('parallax-dummy-password-for-timing');
  return dummyHash;
}
