import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppleCallbackBody,
  ErrorBody,
  GoogleExchangeRequest,
  GoogleLoginQuery,
  OAuthLoginResponse,
  SignInResponse,
  TWO_FACTOR_STEP_PATH,
} from '@parallax/contract';

import { AppError } from '../../../infra/errors';
import { OAuthFailure } from './oidc-client';
import type { OAuthService } from './oauth.service';

const errors = { 400: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const limit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Google: the web drives the redirect and posts the code back. Apple: form_post to the server. */
export const oauthRoutes: FastifyPluginAsyncZod<{ oauth: OAuthService }> = async (
  app,
  { oauth },
) => {
  // Apple posts its answer as an HTML form. Parsed here only, as plain string fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(
          new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
        ),
      );
    },
  );

  app.get(
    '/auth/oauth/google/login',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in',
        querystring: GoogleLoginQuery,
        response: { 200: OAuthLoginResponse, ...errors },
      },
    },
    async (request) => ({
      auth_url: await oauth.googleLoginUrl(request.query.redirect_uri, request.visitorId),
    }),
  );

  app.post(
    '/auth/oauth/google/exchange',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Finish Google sign-in (or the two-factor step first)',
        body: GoogleExchangeRequest,
        response: { 200: SignInResponse, ...errors },
      },
    },
    async (request) =>
      oauth.googleExchange(
        request.body.code,
        request.body.state,
        request.body.redirect_uri,
        request.visitorId,
      ),
  );

  app.get(
    '/auth/oauth/apple/login',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Start Apple sign-in',
        response: { 200: OAuthLoginResponse, ...errors },
      },
    },
    async (request) => ({ auth_url: await oauth.appleLoginUrl(request.visitorId) }),
  );

  app.post(
    '/auth/oauth/apple/callback',
    {
      config: limit,
      // Apple's page posts here cross-site: no bearer, no CSRF token; the single-use state
      // stored at login (with the nonce bound into the ID token) is what ties it to the attempt.
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: "Apple's form_post callback; redirects to the app",
        body: AppleCallbackBody,
      },
    },
    async (request, reply) => {
      const appUrl = app.config.appUrl;
      const fail = (reason: string) =>
        reply.redirect(
          `${appUrl}/auth/apple/error?${new URLSearchParams({ reason }).toString()}`,
          303,
        );
      if (request.validationError !== undefined) return fail('invalid_request');
      try {
        const tokens = await oauth.appleCallback(request.body);
        if ('two_factor_required' in tokens) {
          const step = new URLSearchParams({ challenge: tokens.challenge });
          return reply.redirect(`${appUrl}${TWO_FACTOR_STEP_PATH}?${step.toString()}`, 303);
        }
        const query = new URLSearchParams({
          access_token: tokens.access_token,
          refresh_token: tokens.refresh_token,
        });
        return reply.redirect(`${appUrl}/auth/apple/success?${query.toString()}`, 303);
      } catch (error) {
        if (error instanceof OAuthFailure) return fail(error.reason);
        if (
          error instanceof AppError &&
          (error.code === 'provider_not_configured' || error.code === 'feature_disabled')
        )
          return fail('not_configured');
        request.log.error({ err: error }, 'apple sign-in failed');
        return fail('server_error');
      }
    },
  );
};
