import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthProvidersResponse,
  ErrorBody,
  ChangePasswordRequest,
  LoginRequest,
  LogoutRequest,
  OkResponse,
  optionalBody,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  PasswordResetValidateRequest,
  PasswordResetValidateResponse,
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  ResendVerificationCodeRequest,
  SignInResponse,
  TokenResponse,
  VerifyCodeRequest,
} from '@parallax/contract';
import { requireUser, userOf } from '../../infra/auth/principal';

import { RetryLaterError } from './auth.errors';
import { oauthRoutes } from './oauth/oauth.routes';
import { sessionsRoutes } from './sessions.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
/** Per client address, on top of the per-account backoff: slows credential stuffing and mail abuse. */
const strictLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const mailLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const refreshLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const ok = { ok: true } as const;

/** Spec §7 "Auth": email and password accounts, sessions, and (sub-plugin) Google and Apple. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.auth;
  const { auth, passwords, sessions } = services;

  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RetryLaterError)
      reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in providers are offered: configured here and their flag on',
        response: { 200: AuthProvidersResponse },
      },
    },
    () => services.oauth.enabledProviders(),
  );

  app.post(
    '/auth/register',
    {
      config: mailLimit,
      schema: {
        tags: ['auth'],
        summary: 'Create an account; a code is mailed',
        body: RegisterRequest,
        response: { 200: RegisterResponse, ...errors },
      },
    },
    async (request) => auth.register(request.body.email, request.body.password, request.body.name),
  );

  app.post(
    '/auth/verify-code',
    {
      config: strictLimit,
      schema: {
        tags: ['auth'],
        summary: 'Verify the mailed code and sign in',
        body: VerifyCodeRequest,
        response: { 200: SignInResponse, ...errors },
      },
    },
    async (request) => auth.verifyCode(request.body.email, request.body.code, request.visitorId),
  );

  app.post(
    '/auth/resend-verification-code',
    {
      config: mailLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new code (once a minute)',
        body: ResendVerificationCodeRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await auth.resendCode(request.body.email);
      return ok;
    },
  );

  app.post(
    '/auth/login',
    {
      config: strictLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (or the two-factor step first)',
        body: LoginRequest,
        response: { 200: SignInResponse, ...errors },
      },
    },
    async (request) => auth.login(request.body.email, request.body.password, request.visitorId),
  );

  app.post(
    '/auth/refresh',
    {
      config: refreshLimit,
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token',
        body: RefreshRequest,
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (request) => sessions.refresh(request.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        body: optionalBody(LogoutRequest),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      if (request.principal?.kind === 'user') await sessions.revoke(request.principal.sessionId);
      const refreshToken = request.body?.refresh_token;
      if (refreshToken !== undefined) await sessions.revokeByRefreshToken(refreshToken);
      return ok;
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End every session of this user, this one included',
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.revokeAllOf(userOf(request).userId);
      return ok;
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: mailLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        body: PasswordResetRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await passwords.requestReset(request.body.email);
      return ok;
    },
  );

  app.post(
    '/auth/password-reset/validate',
    {
      config: strictLimit,
      schema: {
        tags: ['auth'],
        summary: 'Is this reset token still usable',
        body: PasswordResetValidateRequest,
        response: { 200: PasswordResetValidateResponse, ...errors },
      },
    },
    async (request) => ({ valid: await passwords.isResetTokenValid(request.body.token) }),
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: strictLimit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: PasswordResetConfirmRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await passwords.confirmReset(request.body.token, request.body.new_password);
      return ok;
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: strictLimit,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions end',
        body: ChangePasswordRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      await passwords.changePassword(
        user.userId,
        user.sessionId,
        request.body.current_password,
        request.body.new_password,
      );
      return ok;
    },
  );

  await app.register(sessionsRoutes, { sessions });
  await app.register(oauthRoutes, { oauth: services.oauth });
  await app.register(twoFactorRoutes, { twoFactor: services.twoFactor });
};
