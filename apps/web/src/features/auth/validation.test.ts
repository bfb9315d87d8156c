import { AUTH_FALLBACK_MESSAGES, MESSAGES } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors/api-error';
import { authErrorMessage } from './auth-error-message';
import {
  passwordStrength,
  validateEmail,
  validateNewPassword,
  validatePasswordMatch,
} from './validation';

describe('auth form validation', () => {
  it('applies the spec §5 email rule', () => {
    expect(validateEmail('')).toBe(MESSAGES.inputRequired);
    expect(validateEmail('ada@example')).toBe(MESSAGES.invalidEmail);
    expect(validateEmail('ada @example.com')).toBe(MESSAGES.invalidEmail);
    expect(validateEmail('a@b@example.com')).toBe(MESSAGES.invalidEmail);
    expect(validateEmail('ada@example.com')).toBeNull();
  });

  it('wants new passwords of 8 to 128 characters', () => {
    expect(validateNewPassword('')).toBe(MESSAGES.inputRequired);
    expect(validateNewPassword('1234567')).toBe('Use at least 8 characters');
    expect(validateNewPassword('12345678')).toBeNull();
    expect(validateNewPassword('x'.repeat(128))).toBeNull();
    expect(validateNewPassword('x'.repeat(129))).toBe('Use at most 128 characters');
    // Seven emoji are seven characters, not fourteen UTF-16 units.
    expect(validateNewPassword('😀'.repeat(7))).toBe('Use at least 8 characters');
  });

  it('checks the confirmation matches', () => {
    expect(validatePasswordMatch('abcdefgh', '')).toBe(MESSAGES.inputRequired);
    expect(validatePasswordMatch('abcdefgh', 'abcdefgx')).toBe('Passwords do not match');
    expect(validatePasswordMatch('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it('grades strength by length first, variety second', () => {
    expect(passwordStrength('short').label).toBe('Too short');
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaa').label).toBe('Weak');
    expect(passwordStrength('lowercase').label).toBe('Weak');
    expect(passwordStrength('correcthorse').label).toBe('Fair');
    expect(passwordStrength('Correct-horse-9').label).toBe('Good');
    expect(passwordStrength('Correct horse battery 9').label).toBe('Strong');
  });
});

describe('authErrorMessage', () => {
  const fallback = AUTH_FALLBACK_MESSAGES.login;

  it("prefers the server's detail", () => {
    const error = new ApiError({
      kind: 'http',
      status: 401,
      message: 'x',
      detail: 'Wrong email or password',
    });
    expect(authErrorMessage(error, fallback)).toBe('Wrong email or password');
  });

  it('falls back to the flow text when the server said nothing', () => {
    expect(
      authErrorMessage(new ApiError({ kind: 'http', status: 500, message: 'x' }), fallback),
    ).toBe('Login failed');
    expect(authErrorMessage(new Error('boom'), AUTH_FALLBACK_MESSAGES.unexpected)).toBe(
      'An unexpected error occurred',
    );
  });

  it('keeps the network text when the server was not reached', () => {
    const error = new ApiError({ kind: 'timeout', message: 'Request timed out.' });
    expect(authErrorMessage(error, fallback)).toBe('Request timed out.');
  });
});
