import { createHmac, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper and typed back. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** Ten characters of a 31-letter alphabet (~49 bits), shown as `xxxxx-xxxxx`. */
export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return `${chars.slice(0, GROUP).join('')}-${chars.slice(GROUP).join('')}`;
  });
}

/** What people type back: any case, with or without the dash and spaces. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Keyed with the server secret and bound to the account: ~49 bits would fall to an offline
 * search if the database leaked with plain hashes; without the key it cannot be searched.
 */
export function hashRecoveryCode(code: string, userId: string, key: string): string {
  return createHmac('sha256', key)
    .update(`recovery\n${userId}\n${normaliseRecoveryCode(code)}`)
    .digest('hex');
}
