import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP } from '@parallax/contract';
import type { AppConfig } from '../config';
import { AppError } from './errors';

/**
 * Double-submit CSRF protection for cookie-carried credentials (ARCHITECTURE "Wire
 * conventions"): the token is put in index.html's csrf meta tag and in an httpOnly cookie;
 * the web client echoes the meta value in X-CSRF-Token, which a cross-site page cannot read.
 */
export const CSRF_COOKIE = 'parallax_csrf';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token for this page load, also set as the cookie. A well-formed cookie token is kept
 * rather than replaced, so two open tabs do not invalidate each other's token.
 */
export function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  config: AppConfig,
): string {
  const existing = request.cookies[CSRF_COOKIE];
  const token = existing !== undefined && TOKEN_PATTERN.test(existing) ? existing : newToken();
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https:'),
  });
  return token;
}

/** True when the X-CSRF-Token header matches the CSRF cookie. */
export function isCsrfTokenValid(request: FastifyRequest): boolean {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[HTTP.csrfHeader.toLowerCase()];
  if (cookie === undefined || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * preHandler for routes that accept cookie-carried credentials (refresh, logout, OAuth
 * exchange): `{ preHandler: requireCsrfToken }`.
 */
export async function requireCsrfToken(request: FastifyRequest): Promise<void> {
  if (!isCsrfTokenValid(request))
    throw new AppError(
      'forbidden',
      'Your session token is missing or out of date. Reload the page and try again.',
    );
}
