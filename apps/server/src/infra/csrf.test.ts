import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../../test/database';
import { loadConfig } from '../config';
import { CSRF_COOKIE, issueCsrfToken, requireCsrfToken } from './csrf';
import { registerErrorHandler } from './error-handler';

// The check is wired into routes by the accounts issue; here it runs on a bare fastify
// with the real cookie plugin and the real error handler.
describe('CSRF double submit', () => {
  const temp = createTempDir();
  const config = loadConfig({ DATA_DIR: temp.dir });
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    await app.register(fastifyCookie);
    app.get('/token', async (request, reply) => ({
      token: issueCsrfToken(request, reply, config),
    }));
    app.post('/guarded', { preHandler: requireCsrfToken }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    temp.remove();
  });

  async function issue(cookie?: string): Promise<{ token: string; cookie: string }> {
    const res = await app.inject({
      method: 'GET',
      url: '/token',
      ...(cookie ? { cookies: { [CSRF_COOKIE]: cookie } } : {}),
    });
    const set = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    return { token: (res.json() as { token: string }).token, cookie: set?.value ?? '' };
  }

  it('issues a random 256-bit token as cookie and page value, kept across page loads', async () => {
    const first = await issue();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.cookie).toBe(first.token);
    expect((await issue()).token).not.toBe(first.token);
    expect((await issue(first.cookie)).token).toBe(first.token);
    expect((await issue('forged<value>')).token).not.toBe('forged<value>');
  });

  it('lets a request through only when header and cookie match', async () => {
    const { token } = await issue();
    const ok = await app.inject({
      method: 'POST',
      url: '/guarded',
      cookies: { [CSRF_COOKIE]: token },
      headers: { 'x-csrf-token': token },
    });
    expect(ok.statusCode).toBe(200);

    const cases = [
      { cookies: { [CSRF_COOKIE]: token } },
      { headers: { 'x-csrf-token': token } },
      {
        cookies: { [CSRF_COOKIE]: token },
        headers: { 'x-csrf-token': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      },
    ];
    for (const extra of cases) {
      const res = await app.inject({ method: 'POST', url: '/guarded', ...extra });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
  });
});
