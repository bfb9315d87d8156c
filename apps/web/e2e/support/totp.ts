import { createHmac } from 'node:crypto';

/**
 * An authenticator app of the test's own (RFC 6238: HMAC-SHA1, 30 s, 6 digits), written apart
 * from the server's so the browser test does not take the server's word for what a code is.
 */
export function authenticatorCode(base32Key: string, timeMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32Key.replace(/\s/g, '').toUpperCase()]
    .map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Waits until the app shows a code other than `used` (a step's code works once). */
export async function nextAuthenticatorCode(base32Key: string, used: string): Promise<string> {
  for (;;) {
    const code = authenticatorCode(base32Key);
    if (code !== used) return code;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
