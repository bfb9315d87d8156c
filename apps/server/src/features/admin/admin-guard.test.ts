import { SignJWT } from 'jose';
import { MESSAGES, type AuditListResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';

interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('admin routes', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let user: SignedInUser;
  let adminRoutes: { method: string; url: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerAndSignIn(t.app, { admin: true });
    user = await registerAndSignIn(t.app);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDoc>();
    adminRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin'))
      .flatMap(([path, operations]) =>
        METHODS.filter((m) => m in operations).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, 'x'),
        })),
      );
  });
  afterAll(() => t.close());

  it('finds the admin routes in the OpenAPI document', () => {
    const urls = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/v1/admin/plans');
    expect(urls).toContain('GET /api/v1/admin/audit');
    expect(urls).toContain('PUT /api/v1/admin/prompt-generator/instructions');
  });

  it('answers 403 with the spec text to a signed-in non-admin on every admin route', async () => {
    for (const route of adminRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: bearer(user.accessToken),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
      expect(res.json<{ detail: string }>().detail).toBe(MESSAGES.forbidden);
    }
  });

  it('answers 401 without a token on every admin route', async () => {
    for (const route of adminRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 401 });
    }
  });

  it('refuses a token whose role claim was edited', async () => {
    const [header, payload, signature] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit',
      headers: bearer(`${header}.${forged}.${signature}`),
    });
    expect(res.statusCode).toBe(401);
  });

  it('takes the role from the account, not from a validly signed claim', async () => {
    const claims = JSON.parse(
      Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const token = await new SignJWT({ ...claims, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toBe(MESSAGES.forbidden);
  });

  it('records an existing admin action in the audit log, with its request id', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/prompt-generator/instructions',
      headers: bearer(admin.accessToken),
      payload: { body: 'Write a precise prompt.' },
    });
    expect(saved.statusCode).toBe(200);
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/prompt-template-categories',
      headers: bearer(admin.accessToken),
      payload: { name: 'Audited category' },
    });
    expect(category.statusCode).toBeLessThan(300);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?action=PUT%20/admin/prompt-generator',
      headers: bearer(admin.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const { entries, total } = res.json<AuditListResponse>();
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.user.email,
      action: 'PUT /admin/prompt-generator/instructions',
      request_id: saved.headers['x-request-id'],
    });
    expect(JSON.stringify(entries[0]?.after)).toContain('Write a precise prompt.');

    const byActor = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?actor=${encodeURIComponent(admin.user.email.toUpperCase())}`,
      headers: bearer(admin.accessToken),
    });
    expect(byActor.json<AuditListResponse>().total).toBe(2);
  });

  it('records nothing for refused or failed calls', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit',
      headers: bearer(admin.accessToken),
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/prompt-generator/instructions',
      headers: bearer(user.accessToken),
      payload: { body: 'Not allowed' },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/prompt-generator/instructions',
      headers: bearer(admin.accessToken),
      payload: { body: '' },
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit',
      headers: bearer(admin.accessToken),
    });
    expect(after.json<AuditListResponse>().total).toBe(before.json<AuditListResponse>().total);
  });
});
