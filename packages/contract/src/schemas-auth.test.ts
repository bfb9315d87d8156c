import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppleCallbackBody,
  ChangePasswordRequest,
  GoogleExchangeRequest,
  GoogleLoginQuery,
  LoginRequest,
  OAuthLoginResponse,
  PasswordResetConfirmRequest,
  RegisterRequest,
  RegisterResponse,
  TokenResponse,
  UpdateProfileRequest,
  User,
  VerifyCodeRequest,
} from './index';

/** Parses bad input and returns the readable error the server would put in `detail`. */
function rejection(schema: z.ZodType, input: unknown): { paths: string[]; detail: string } {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return {
    paths: result.error.issues.map((i) => i.path.join('.')),
    detail: z.prettifyError(result.error),
  };
}

const user: User = {
  id: '0b7c3c1e-6d1f-4d8a-9a51-3f4a2b6c8d90',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  avatar_url: null,
  role: 'user',
  email_verified: true,
  preferences: {
    theme: 'system',
    default_provider: 'anthropic',
    default_model: 'claude-sonnet-4-5',
  },
  created_at: '2025-11-21T10:15:30.123Z',
};

describe('auth schemas', () => {
  it('accepts a registration and trims the email', () => {
    expect(
      RegisterRequest.parse({
        email: '  ada@example.com ',
        password: 'correct horse battery',
        name: 'Ada',
      }),
    ).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
      name: 'Ada',
    });
    expect(
      RegisterRequest.parse({ email: 'ada@example.com', password: '12345678' }),
    ).not.toHaveProperty('name');
  });

  it.each([
    [{ email: 'ada@example.com', password: '1234567' }, 'password'],
    [{ email: 'ada@example.com', password: 'x'.repeat(129) }, 'password'],
    [{ email: 'ada@example', password: 'long enough' }, 'email'],
    [{ email: 'ada example.com', password: 'long enough' }, 'email'],
    [{ password: 'long enough' }, 'email'],
  ])('refuses registration %j naming %s', (input, field) => {
    const { paths, detail } = rejection(RegisterRequest, input);
    expect(paths).toEqual([field]);
    expect(detail).toContain(field);
  });

  it('accepts passwords at both bounds', () => {
    expect(RegisterRequest.safeParse({ email: 'a@b.co', password: 'x'.repeat(8) }).success).toBe(
      true,
    );
    expect(RegisterRequest.safeParse({ email: 'a@b.co', password: 'x'.repeat(128) }).success).toBe(
      true,
    );
  });

  it('round-trips the register and token answers', () => {
    const registered = { verification_required: true as const, email: 'ada@example.com' };
    expect(RegisterResponse.parse(JSON.parse(JSON.stringify(registered)))).toEqual(registered);
    const tokens = {
      access_token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
      refresh_token: 'rt_9f8e7d',
      expires_in: 900,
      token_type: 'Bearer' as const,
    };
    expect(TokenResponse.parse(JSON.parse(JSON.stringify(tokens)))).toEqual(tokens);
    expect(z.encode(TokenResponse, tokens)).toEqual(tokens);
    expect(rejection(TokenResponse, { ...tokens, expires_in: 0 }).paths).toEqual(['expires_in']);
  });

  it('lets login take any existing password but not an empty one', () => {
    expect(LoginRequest.safeParse({ email: 'ada@example.com', password: 'short' }).success).toBe(
      true,
    );
    expect(rejection(LoginRequest, { email: 'ada@example.com', password: '' }).paths).toEqual([
      'password',
    ]);
  });

  it('wants a six-digit verification code', () => {
    expect(VerifyCodeRequest.parse({ email: 'ada@example.com', code: '012345' }).code).toBe(
      '012345',
    );
    for (const code of ['12345', '1234567', '12a456', ' 123456', 123456]) {
      expect(rejection(VerifyCodeRequest, { email: 'ada@example.com', code }).paths).toEqual([
        'code',
      ]);
    }
  });

  it('applies the new-password rule to reset and change', () => {
    expect(
      rejection(PasswordResetConfirmRequest, { token: 't', new_password: 'short' }).paths,
    ).toEqual(['new_password']);
    expect(
      rejection(ChangePasswordRequest, { current_password: 'old-password', new_password: 'short' })
        .paths,
    ).toEqual(['new_password']);
    expect(rejection(ChangePasswordRequest, { new_password: 'a new password' }).paths).toEqual([
      'current_password',
    ]);
  });

  it('takes only http(s) redirect URIs for Google', () => {
    expect(
      GoogleLoginQuery.parse({ redirect_uri: 'https://app.example.com/auth/google/callback' }),
    ).toBeTruthy();
    expect(rejection(GoogleLoginQuery, { redirect_uri: 'javascript:alert(1)' }).paths).toEqual([
      'redirect_uri',
    ]);
    expect(
      rejection(GoogleExchangeRequest, {
        code: 'c',
        redirect_uri: 'https://app.example.com/auth/google/callback',
      }).paths,
    ).toEqual(['state']);
    const answer = { auth_url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=s' };
    expect(OAuthLoginResponse.parse(answer)).toEqual(answer);
  });

  it("reads Apple's form_post, with or without the first-sign-in user", () => {
    expect(
      AppleCallbackBody.parse({
        code: 'c',
        id_token: 'h.p.s',
        state: 's',
        user: '{"name":{"firstName":"Ada"}}',
      }).user,
    ).toBe('{"name":{"firstName":"Ada"}}');
    expect(AppleCallbackBody.parse({ state: 's', error: 'user_cancelled_authorize' }).error).toBe(
      'user_cancelled_authorize',
    );
  });
});

describe('users schemas', () => {
  it('round-trips a user', () => {
    expect(User.parse(JSON.parse(JSON.stringify(user)))).toEqual(user);
    expect(z.encode(User, user)).toEqual(user);
  });

  it('refuses an unknown role or theme', () => {
    expect(rejection(User, { ...user, role: 'root' }).paths).toEqual(['role']);
    expect(
      rejection(User, { ...user, preferences: { ...user.preferences, theme: 'sepia' } }).paths,
    ).toEqual(['preferences.theme']);
  });

  it('updates profile fields only', () => {
    expect(UpdateProfileRequest.parse({ name: ' Ada ', preferences: { theme: 'dark' } })).toEqual({
      name: 'Ada',
      preferences: { theme: 'dark' },
    });
    expect(UpdateProfileRequest.parse({ avatar_url: null })).toEqual({ avatar_url: null });
    for (const forbidden of [
      { role: 'admin' },
      { email: 'eve@example.com' },
      { email_verified: true },
    ]) {
      const { detail } = rejection(UpdateProfileRequest, forbidden);
      expect(detail).toContain(Object.keys(forbidden)[0]);
    }
    expect(rejection(UpdateProfileRequest, { preferences: { role: 'admin' } }).paths).toEqual([
      'preferences',
    ]);
    expect(rejection(UpdateProfileRequest, { avatar_url: 'javascript:alert(1)' }).paths).toEqual([
      'avatar_url',
    ]);
    expect(
      rejection(UpdateProfileRequest, { preferences: { default_provider: 'mistral' } }).paths,
    ).toEqual(['preferences.default_provider']);
  });
});
