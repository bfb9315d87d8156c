import { describe, expect, it } from 'vitest';
import { fromBase32, hotp, matchTotpStep, otpauthUri, toBase32, totpAt, totpStepAt } from './totp';

// RFC 6238 Appendix B: the seeds and the 8-digit codes at each time, per algorithm.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
};
const VECTORS: [number, Record<keyof typeof SEEDS, string>][] = [
  [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
  [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
  [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
  [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
  [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
  [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vectors at T=%i', (seconds, codes) => {
    const step = totpStepAt(seconds * 1000);
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const)
      expect(hotp(SEEDS[algorithm], step, 8, algorithm)).toBe(codes[algorithm]);
  });

  it('gives the 6-digit code apps show (the last 6 digits of the 8-digit one)', () => {
    expect(totpAt(SEEDS.sha1, 59_000)).toBe('287082');
    expect(totpAt(SEEDS.sha1, 1_111_111_109_000)).toBe('081804');
  });

  it('accepts one step either side of now and nothing further', () => {
    const now = 1_234_567_890_000;
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1])
      expect(matchTotpStep(SEEDS.sha1, hotp(SEEDS.sha1, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2])
      expect(matchTotpStep(SEEDS.sha1, hotp(SEEDS.sha1, step + offset), now)).toBeNull();
    expect(matchTotpStep(SEEDS.sha1, '12345', now)).toBeNull();
    expect(matchTotpStep(SEEDS.sha1, 'abcdef', now)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 vectors) and reads typed keys', () => {
    expect(toBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(toBase32(SEEDS.sha1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(fromBase32('mzxw 6ytb-oi==').toString()).toBe('foobar');
    expect(() => fromBase32('MZ1W')).toThrow();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri('GEZDGNBV', 'a b@example.com', 'Parallax'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Parallax:a b@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'GEZDGNBV',
      issuer: 'Parallax',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
