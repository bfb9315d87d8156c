import { describe, expect, it } from 'vitest';
import {
  ChangeVaultPinRequest,
  EraseVaultRequest,
  isDigitPin,
  NewVaultPin,
  VaultRecoveryKey,
  vaultPinProblem,
} from './schemas/vault';

describe('vault PIN policy', () => {
  it.each(['284719', '605193', '10293847', '739201846251'])('accepts %s', (pin) => {
    expect(vaultPinProblem(pin)).toBeNull();
    expect(isDigitPin(pin)).toBe(true);
  });

  it.each([
    ['12345', /6 to 12 digits/],
    ['1234567890123', /6 to 12 digits/],
    ['abc', /passphrase of at least 8/],
    ['000000', /too easy/],
    ['123456', /too easy/],
    ['987654', /too easy/],
    ['890123', /too easy/],
    ['123123', /too easy/],
    ['121212', /too easy/],
    ['abcabcab', null],
    ['passpass', /too easy/],
  ] as const)('judges %s', (pin, problem) => {
    const found = vaultPinProblem(pin);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it('accepts a passphrase of 8 or more characters and says it is not a digit PIN', () => {
    expect(NewVaultPin.safeParse('correct horse').success).toBe(true);
    expect(isDigitPin('correct horse')).toBe(false);
    expect(NewVaultPin.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('vault requests', () => {
  it('normalises a recovery key typed with spaces and small letters', () => {
    expect(VaultRecoveryKey.parse(' abcd efgh-ijkl mnop qrst uvwx yz23 4567 ')).toBe(
      'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567',
    );
    expect(VaultRecoveryKey.safeParse('ABCD-EFGH').success).toBe(false);
    expect(VaultRecoveryKey.safeParse('ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4560').success).toBe(
      false,
    );
  });

  it('needs exactly one of the current PIN and the recovery key to change the PIN', () => {
    const key = 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567';
    expect(ChangeVaultPinRequest.safeParse({ new_pin: '284719' }).success).toBe(false);
    expect(
      ChangeVaultPinRequest.safeParse({ current_pin: '1', recovery_key: key, new_pin: '284719' })
        .success,
    ).toBe(false);
    expect(ChangeVaultPinRequest.safeParse({ recovery_key: key, new_pin: '284719' }).success).toBe(
      true,
    );
  });

  it('erases only with the word ERASE in capitals and a 6-digit code', () => {
    const body = { code: '123456', confirm: 'ERASE', new_pin: '284719' };
    expect(EraseVaultRequest.safeParse(body).success).toBe(true);
    expect(EraseVaultRequest.safeParse({ ...body, confirm: 'erase' }).success).toBe(false);
    expect(EraseVaultRequest.safeParse({ ...body, code: '12345' }).success).toBe(false);
  });
});
