import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, ROUTES } from '@parallax/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { createTempDir } from '../../test/database';
import { FIXTURE_ASSET_BODY, FIXTURE_ASSET_PATH } from '../../test/web-dist';
import { CSRF_COOKIE } from '../infra/csrf';
import { injectCsrfToken } from './spa-shell';

const CSRF_META = /<meta name="csrf-token" content="([A-Za-z0-9_-]{43})" \/>/;

/** A concrete path for a route pattern: every `:param` becomes a plausible id. */
const concrete = (pattern: string) => pattern.replace(/:[^/]+/g, 'a1b2c3');

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every spec §2 route with the shell (200), its CSRF token filled in and set as cookie', async () => {
    for (const route of ROUTES) {
      const url = concrete(route.path);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toContain('no-cache');
      const token = CSRF_META.exec(res.body)?.[1];
      expect(token, url).toBeDefined();
      expect(res.cookies.find((c) => c.name === CSRF_COOKIE)?.value).toBe(token);
    }
  });

  it('keeps query strings and trailing slashes on known routes', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fprofile' })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/pricing/' })).statusCode).toBe(200);
  });

  it('redirects the addresses people guess (/projects, /favorites…) to their route, ids and query kept', async () => {
    const cases: Array<[string, string]> = [
      ['/projects', '/project'],
      ['/projects/', '/project'],
      ['/projects/a1b2c3?tab=files', '/project/a1b2c3?tab=files'],
      ['/chat/a1b2c3', '/chats/a1b2c3'],
      ['/favorites', '/favourites'],
      ['/signin', '/login'],
    ];
    for (const [url, location] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, location: res.headers.location }).toEqual({
        url,
        status: 301,
        location,
      });
      // Every target is a route of the table.
      expect(matchRoute(location.split('?')[0] ?? ''), location).toBeDefined();
    }
    // Only the aliases: a deeper path under one is still the 404 page.
    expect((await t.app.inject({ method: 'GET', url: '/projects/a/b' })).statusCode).toBe(404);
  });

  it('answers an unknown path with the shell and 404, so the SPA shows its 404 page', async () => {
    for (const url of ['/nope', '/chats/a/b', '/admin/nope', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toMatch(CSRF_META);
    }
  });

  it('answers an unknown /api path with JSON, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('serves hashed assets with a one-year immutable cache, other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: FIXTURE_ASSET_PATH });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(FIXTURE_ASSET_BODY);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');

    const gone = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toMatch(CSRF_META);
  });
});

describe('without a web build', () => {
  it('says how to build it', async () => {
    const empty = createTempDir();
    const t = await createTestApp({ webDistDir: path.join(empty.dir, 'missing') });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
      empty.remove();
    }
  });
});

describe('injectCsrfToken', () => {
  it('fills the meta tag, or adds one to <head> when the build lacks it', () => {
    expect(injectCsrfToken('<head><meta name="csrf-token" content=""></head>', 'T')).toBe(
      '<head><meta name="csrf-token" content="T" /></head>',
    );
    expect(injectCsrfToken('<head><title>x</title></head>', 'T')).toContain(
      '<meta name="csrf-token" content="T" />',
    );
  });
});
