import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TokenResponse, User } from '@parallax/contract';
import {
  DEV_OUTBOX_FILE,
  readDevOutbox,
  type OutboxEntry,
} from '../src/infra/mailer/console-mailer';

export const TEST_PASSWORD = 'correct horse battery staple';

let counter = 0;

/** A fresh, unique address for one test user. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.test`;
}

/** Mails the app wrote to its dev outbox (SMTP_URL unset), optionally only those to `to`. */
export function outboxMails(app: FastifyInstance, to?: string): OutboxEntry[] {
  const all = readDevOutbox(path.join(app.config.dataDir, DEV_OUTBOX_FILE));
  return to === undefined ? all : all.filter((m) => m.to === to.trim().toLowerCase());
}

/** The 6-digit code of the latest verification mail to `email` in the dev outbox. */
export function latestCode(app: FastifyInstance, email: string): string {
  const mail = outboxMails(app, email)
    .reverse()
    .find((m) => /verification code/i.test(m.subject));
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no verification code was mailed to ${email}`);
  return code;
}

export function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}

export interface SignedInUser {
  user: User;
  accessToken: string;
  refreshToken: string;
}

/**
 * Registers, verifies with the code from the dev outbox and returns the signed-in user:
 * `const { accessToken } = await registerAndSignIn(t.app)`. Needs the default console mailer
 * (no SMTP_URL). `admin: true` promotes the account in the database after sign-in (the role
 * is read per request, so the returned token already acts as admin); to test ADMIN_EMAILS
 * itself, build the app with that env instead.
 */
export async function registerAndSignIn(
  app: FastifyInstance,
  options: {
    email?: string;
    password?: string;
    name?: string;
    admin?: boolean;
    visitorId?: string;
  } = {},
): Promise<SignedInUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const headers = options.visitorId ? { 'x-visitor-id': options.visitorId } : {};
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers,
    payload: { email, password, ...(options.name ? { name: options.name } : {}) },
  });
  if (registered.statusCode !== 200)
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-code',
    headers,
    payload: { email, code: latestCode(app, email) },
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify-code failed: ${verified.statusCode} ${verified.body}`);
  const tokens = verified.json<TokenResponse>();
  if (options.admin) {
    await app.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', email.trim().toLowerCase())
      .execute();
  }
  const me = await app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: bearer(tokens.access_token),
  });
  if (me.statusCode !== 200) throw new Error(`users/me failed: ${me.statusCode} ${me.body}`);
  return {
    user: me.json<User>(),
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
  };
}
