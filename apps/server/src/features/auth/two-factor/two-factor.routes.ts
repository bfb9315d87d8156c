import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  OkResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  TokenResponse,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorSetupResponse,
  TwoFactorStatus,
  TwoFactorVerifyRequest,
} from '@parallax/contract';
import { requireUser, userOf } from '../../../infra/auth/principal';
import type { TwoFactorService } from './two-factor.service';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
/** Per client address, on top of the per-account backoff on wrong codes (as for login). */
const limit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const ok = { ok: true } as const;

/** Two-factor sign-in (TOTP). Every route answers 404 while the 2FA flag is off. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  // After authentication and validation, as every feature answers when it is not offered: a bad
  // body is still a 400, a missing sign-in still a 401.
  app.addHook('preHandler', async () => app.featureFlags.requireOn('two_factor'));

  app.get(
    '/auth/2fa',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Whether two-factor sign-in is on for this account',
        response: { 200: TwoFactorStatus, ...errors },
      },
    },
    async (request) => twoFactor.status(userOf(request).userId),
  );

  app.post(
    '/auth/2fa/setup',
    {
      config: limit,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Start enrolment: a new secret as QR code and manual key',
        response: { 200: TwoFactorSetupResponse, ...errors },
      },
    },
    async (request) => twoFactor.setup(userOf(request).userId),
  );

  app.post(
    '/auth/2fa/enable',
    {
      config: limit,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Confirm enrolment with a code; answers the recovery codes (shown once)',
        body: TwoFactorEnableRequest,
        response: { 200: RecoveryCodesResponse, ...errors },
      },
    },
    async (request) => twoFactor.enable(userOf(request).userId, request.body.code),
  );

  app.post(
    '/auth/2fa/recovery-codes',
    {
      config: limit,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Replace every recovery code with 10 new ones',
        body: RegenerateRecoveryCodesRequest,
        response: { 200: RecoveryCodesResponse, ...errors },
      },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(userOf(request).userId, request.body.code),
  );

  app.post(
    '/auth/2fa/disable',
    {
      config: limit,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off (password and a code)',
        body: TwoFactorDisableRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await twoFactor.disable(userOf(request).userId, request.body.password, request.body.code);
      return ok;
    },
  );

  app.post(
    '/auth/2fa/verify',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'The second sign-in step: a code for the challenge; answers the tokens',
        body: TwoFactorVerifyRequest,
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (request) => twoFactor.verify(request.body.challenge, request.body.code),
  );
};
