import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes an OpenAPI 3 document built from the zod schemas at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties?: Record<string, unknown> } }>;
            };
          }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/health',
        '/api/v1/logging/errors',
        '/api/v1/logging/telemetry',
        '/api/v1/projects',
        '/api/v1/projects/{id}',
        '/api/v1/users/me/import',
      ]),
    );
    const body =
      doc.paths['/api/v1/logging/errors']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(['errors']);
    // The OpenAI-compatible API is documented beside the app's own.
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/chat/completions', '/v1/models', '/v1/models/{*}']),
    );
    // Static files and the SPA shell are not API.
    expect(
      Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/') || p.startsWith('/v1/')),
    ).toBe(true);
  });

  it('serves a readable page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
  });
});
