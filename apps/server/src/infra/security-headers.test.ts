import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { loadConfig } from '../config';
import { createTempDir } from '../../test/database';
import { appCspDirectives, helmetOptions } from './security-headers';

function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a CSP that allows the app and nothing more, on pages and on the API', async () => {
    for (const url of ['/', '/api/v1/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends exactly the headers helmet itself sets, on pages, the API and the public API', async () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(helmetOptions(t.config))(response.req, response, (error) => {
      if (error) throw error;
    });
    const expected = response.getHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    const calls = [
      { method: 'GET' as const, url: '/' },
      { method: 'GET' as const, url: '/api/v1/health' },
      { method: 'GET' as const, url: '/api/v1/no-such-route' },
      { method: 'GET' as const, url: '/v1/models' },
      { method: 'POST' as const, url: '/v1/chat/completions', payload: {} },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      for (const [name, value] of Object.entries(expected))
        expect([call.url, name, res.headers[name]]).toEqual([call.url, name, value]);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('gives the API docs page its own CSP that runs only its own files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows cross-origin calls from APP_URL only, with credentials', async () => {
    const ours = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/health',
      headers: { origin: t.config.appUrl, 'access-control-request-method': 'GET' },
    });
    expect(ours.headers['access-control-allow-origin']).toBe(t.config.appUrl);
    expect(ours.headers['access-control-allow-credentials']).toBe('true');
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(theirs.headers['access-control-allow-origin']).not.toBe('https://evil.example');
  });

  it('never lets a client choose its request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'mine' },
    });
    expect(res.headers['x-request-id']).not.toBe('mine');
  });
});

describe('CSP on https', () => {
  it('uses wss for the socket and upgrades insecure requests', () => {
    const temp = createTempDir();
    try {
      const csp = appCspDirectives(
        loadConfig({ DATA_DIR: temp.dir, APP_URL: 'https://chat.example.com' }),
      );
      expect(csp['connect-src']).toEqual(["'self'", 'wss://chat.example.com']);
      expect(csp['upgrade-insecure-requests']).toEqual([]);
    } finally {
      temp.remove();
    }
  });
});
