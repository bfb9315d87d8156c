import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { bearer, registerAndSignIn } from './auth';

/**
 * Bad input to any API route gets a 4xx JSON error; the process never crashes on it.
 * Every route comes from the app's own OpenAPI document, so a route added later is covered
 * without touching this file.
 */
let t: TestApp;
/** Error-level log lines: a request that crashed inside the server leaves one. */
const errorLines: string[] = [];
let routes: { method: string; url: string; bodyRequired: boolean | undefined }[];
let token: string;

const BAD_BODIES: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"unterminated": ' },
  { contentType: 'application/json', payload: '[1, 2, 3]' },
  { contentType: 'application/json', payload: '"just a string"' },
  { contentType: 'application/json', payload: 'null' },
  {
    contentType: 'application/json',
    payload: JSON.stringify({ email: 42, password: [], message: { a: 1 }, limit: 'x' }),
  },
  {
    contentType: 'application/json',
    payload: JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
  },
  {
    contentType: 'application/json',
    payload: JSON.stringify({ message: 'a\u0000b', email: 'a\u0000@b.c', title: '\u0000' }),
  },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/xml', payload: '<a/>' },
];

const SESSION_ENDING = [
  { method: 'DELETE', url: '/api/v1/users/me' },
  { method: 'POST', url: '/api/v1/auth/logout' },
  { method: 'POST', url: '/api/v1/auth/logout-all' },
];

const BAD_PARAM_VALUES = ['%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(600), "1' OR '1'='1", '-1'];

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'error', stream: { write: (line: string) => void errorLines.push(line) } },
  });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
  }>();
  routes = Object.entries(doc.paths)
    .flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          url,
          bodyRequired: operation.requestBody && operation.requestBody.required !== false,
        })),
    )
    // These end the test user's session when they succeed; their input checks are tested
    // beside them, and running them here would turn every later signed-in call into a 401.
    .filter((r) => !SESSION_ENDING.some((e) => e.method === r.method && e.url === r.url));
  ({ accessToken: token } = await registerAndSignIn(t.app));
}, 60_000);

afterAll(() => t?.close());

const statuses = new Map<number, number>();

function expectCleanAnswer(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  what: string,
) {
  if (res.statusCode !== 401) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && /^\w+ \/v1\//.test(what)) {
    // The OpenAI-compatible API answers in OpenAI's error shape.
    const body = JSON.parse(res.body) as { error?: Record<string, unknown> };
    expect(typeof body.error?.message, what).toBe('string');
    expect(typeof body.error?.type, what).toBe('string');
  } else if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(typeof body.error, what).toBe('string');
    expect(typeof body.detail, what).toBe('string');
    expect(typeof body.request_id, what).toBe('string');
  }
}

const fill = (url: string, value: string) => url.replace(/\{[^}]+\}/g, value);

/** Every route times every value: thousands of requests, slow on a loaded machine. */
const EVERY_ROUTE_MS = 120_000;

describe('bad input to every API route', () => {
  it('finds the API routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.some((r) => r.url === '/api/v1/health')).toBe(true);
  });

  it(
    'answers malformed and mistyped bodies with 4xx JSON, signed in or not',
    async () => {
      for (const route of routes.filter((r) => r.method !== 'GET')) {
        for (const body of BAD_BODIES) {
          for (const headers of [{}, bearer(token)]) {
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: fill(route.url, 'does-not-exist'),
              headers: { ...headers, 'content-type': body.contentType },
              payload: body.payload,
            });
            expectCleanAnswer(
              res,
              `${route.method} ${route.url} ${body.contentType} ${body.payload.slice(0, 30)}`,
            );
          }
        }
      }
    },
    EVERY_ROUTE_MS,
  );

  it(
    'answers hostile path and query values with 4xx JSON',
    async () => {
      for (const route of routes) {
        for (const value of BAD_PARAM_VALUES) {
          const url = `${fill(route.url, value)}?limit=${value}&offset=${value}&search=${value}&redirect_uri=${value}&excludeComparisons=${value}`;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: bearer(token),
          });
          expectCleanAnswer(res, `${route.method} ${url.slice(0, 120)}`);
        }
      }
    },
    EVERY_ROUTE_MS,
  );

  it('answers bodies nested far deeper than any payload with 400, signed in or not', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const payloads = [
      // The extra field of a send, and a batch of telemetry events, each 100,000 levels deep.
      `{"message":"hi","message_id":"m","provider":"openai","model":"gpt-5-mini","extra":${deep(100_000)}}`,
      `{"events":${deep(50_000)}}`,
      `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
    ];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const payload of payloads) {
        for (const [contentType, headers] of [
          ['application/json', {}],
          ['application/json', bearer(token)],
          ['text/plain', bearer(token)],
        ] as const) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: fill(route.url, 'does-not-exist'),
            headers: { ...headers, 'content-type': contentType },
            payload,
          });
          expectCleanAnswer(res, `${route.method} ${route.url} ${contentType} deep`);
          // Elsewhere text/plain stays a plain string, refused by the route's schema.
          const parsedAsJson =
            contentType === 'application/json' || route.url.includes('/logging/');
          if (parsedAsJson && ![401, 415, 429].includes(res.statusCode))
            expect(res.statusCode, `${route.method} ${route.url} ${res.body}`).toBe(400);
        }
      }
    }
    expect(errorLines).toEqual([]);
  });

  it('takes a left-out body as omitted wherever the body is optional', async () => {
    const optional = routes.filter((r) => r.bodyRequired === false);
    expect(optional.map((r) => `${r.method} ${r.url}`)).toContain(
      'PUT /api/v1/chat/conversations/{id}/favourite',
    );
    for (const route of optional) {
      for (const headers of [
        bearer(token),
        { ...bearer(token), 'content-type': 'application/json' },
      ]) {
        const res = await t.app.inject({
          method: route.method as 'PUT',
          url: fill(route.url, 'does-not-exist'),
          headers,
        });
        expectCleanAnswer(res, `${route.method} ${route.url} without a body`);
        expect([400, 422], `${route.method} ${route.url} ${res.body}`).not.toContain(
          res.statusCode,
        );
      }
    }
  });

  it('answers deeply nested query strings without a crash', async () => {
    const brackets = '[a]'.repeat(5_000);
    const deepValue = encodeURIComponent('['.repeat(5_000));
    for (const route of routes) {
      const url = `${fill(route.url, 'x')}?q${brackets}=1&search=${deepValue}&limit[${brackets}]=1`;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: bearer(token),
      });
      expectCleanAnswer(res, `${route.method} ${route.url} deep query`);
    }
    expect(errorLines).toEqual([]);
  });

  it('survives random JSON bodies (property test)', async () => {
    const posts = routes.filter((r) => r.method !== 'GET');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), fc.jsonValue(), async (route, value) => {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: fill(route.url, 'nope'),
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(value),
        });
        expectCleanAnswer(
          res,
          `${route.method} ${route.url} ${JSON.stringify(value).slice(0, 60)}`,
        );
      }),
      { numRuns: 150 },
    );
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  // 401s (routes that need a user, called without one) are left out of the tally.
  it('reached the validators rather than only the rate limiter', () => {
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    // A 404 also got past the limiter: the input was valid and the handler looked the id up
    // (routes under an id, like a project's files, answer 404 for the made-up one).
    const validation =
      (statuses.get(400) ?? 0) +
      (statuses.get(422) ?? 0) +
      (statuses.get(415) ?? 0) +
      (statuses.get(404) ?? 0);
    expect(validation / total, JSON.stringify([...statuses])).toBeGreaterThan(0.4);
  });
});
