import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, far past guessing; base64url keeps the link short and safe. */
const TOKEN_BYTES = 32;

export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database keeps and looks a token up by: a leaked table reveals no working link. */
export function hashShareToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** The sealing context of a link's token: a sealed token copied to another row fails to open. */
export function tokenContext(shareId: string): string {
  return `share-token:${shareId}`;
}
