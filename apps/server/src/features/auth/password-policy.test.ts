import { describe, expect, it } from 'vitest';
import { commonPasswordCount, findPasswordProblem } from './password-policy';
import { hashPassword, verifyPassword } from './password-hasher';
import {
  generateVerificationCode,
  hashOpaqueToken,
  hashVerificationCode,
  normaliseEmail,
} from './secrets';

describe('password policy', () => {
  it('ships the 10,000 most common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(9_900);
  });

  it('refuses short, long and common passwords, case-insensitively', () => {
    expect(findPasswordProblem('short1')).toBe('too_short');
    expect(findPasswordProblem('x'.repeat(129))).toBe('too_long');
    expect(findPasswordProblem('password')).toBe('too_common');
    expect(findPasswordProblem('PassWord1')).toBe('too_common');
    expect(findPasswordProblem('qwertyuiop')).toBe('too_common');
    expect(findPasswordProblem('violet-harbour-sunrise')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(findPasswordProblem('🔒🔒🔒🔒🔒🔒🔒')).toBe('too_short');
    expect(findPasswordProblem('🔒🔒🔒🔒🔒🔒🔒🔒')).toBeNull();
  });
});

describe('argon2id hashing', () => {
  it('uses argon2id with m=19456, t=2, p=1 and verifies only the right password', async () => {
    const hash = await hashPassword('violet-harbour-sunrise');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'violet-harbour-sunrise')).toBe(true);
    expect(await verifyPassword(hash, 'violet-harbour-sunset')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});

describe('secrets', () => {
  it('makes 6-digit codes and keyed hashes that depend on code, email and key', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateVerificationCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(150);
    const h = hashVerificationCode('123456', 'a@b.c', 'k'.repeat(32));
    expect(h).not.toBe(hashVerificationCode('123457', 'a@b.c', 'k'.repeat(32)));
    expect(h).not.toBe(hashVerificationCode('123456', 'x@b.c', 'k'.repeat(32)));
    expect(h).not.toBe(hashVerificationCode('123456', 'a@b.c', 'j'.repeat(32)));
    expect(hashOpaqueToken('abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
