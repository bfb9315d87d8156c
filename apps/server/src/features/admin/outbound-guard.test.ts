import fs from 'node:fs';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { ProviderTestResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAll } from '../../infra/outbound/address-policy';
import {
  startLocalTokenEndpoint,
  type LocalTokenEndpoint,
} from '../../providers/provider-test-kit';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';

const PUBLIC = '93.184.216.34';

/**
 * What the admin console sets (base URLs, a Vertex key's token_uri) reaches only public
 * addresses without ALLOW_PRIVATE_PROVIDER_URLS: refused when saved, and again when used,
 * since a name may resolve elsewhere by then. `dns` plays the names' owner.
 */
describe('console-set URLs and credentials without ALLOW_PRIVATE_PROVIDER_URLS', () => {
  let sim: ProviderSim;
  let tokens: LocalTokenEndpoint;
  let t: TestApp;
  let admin: SignedInUser;
  let key: Record<string, unknown>;
  const dns = new Map<string, string[]>();

  const call = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(admin.accessToken),
      ...(payload && { payload }),
    });
  const keyWith = (tokenUri: string) => JSON.stringify({ ...key, token_uri: tokenUri });

  beforeAll(async () => {
    sim = await startProviderSim({ port: 0, host: '127.0.0.1' });
    tokens = await startLocalTokenEndpoint();
    key = JSON.parse(fs.readFileSync(tokens.credentialsFile, 'utf8')) as Record<string, unknown>;
    t = await createTestApp({
      resolve: async (host) => dns.get(host) ?? resolveAll(host),
    });
    admin = await registerAndSignIn(t.app, { admin: true });
  });
  afterAll(async () => {
    await t?.close();
    await tokens?.close();
    await sim?.close();
  });

  it('refuses a Vertex key whose token_uri is a private address when it is saved, naming the field', async () => {
    const localTokenUri = String(key.token_uri);
    expect(localTokenUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/token$/);
    dns.set('tokens.internal.test', ['10.0.0.5']);
    const refused: [string, RegExp][] = [
      [localTokenUri, /https/],
      [localTokenUri.replace('http:', 'https:'), /private, loopback or link-local/],
      ['https://tokens.internal.test/token', /private/],
      ['https://[::ffff:169.254.169.254]/token', /private/],
    ];
    for (const [tokenUri, reason] of refused) {
      const res = await call('PATCH', '/admin/providers/google', {
        vertex_project: 'sim-project',
        vertex_location: 'us-central1',
        vertex_credentials: keyWith(tokenUri),
      });
      expect({ tokenUri, status: res.statusCode }).toEqual({ tokenUri, status: 422 });
      const { detail } = res.json<{ detail: string }>();
      expect(detail).toMatch(/^vertex_credentials\.token_uri: /);
      expect(detail).toMatch(reason);
    }
    expect(await t.app.db.selectFrom('provider_settings').selectAll().execute()).toEqual([]);
    const test = await call('POST', '/admin/providers/google/test');
    expect(test.json<ProviderTestResponse>()).toMatchObject({
      ok: false,
      error_class: 'not_configured',
    });
    expect(tokens.received).toEqual([]);
  });

  it('refuses at request time a token_uri whose name resolves to a private address by then', async () => {
    dns.set('tokens.example.test', [PUBLIC]);
    dns.set('vertex.example.test', [PUBLIC]);
    const saved = await call('PATCH', '/admin/providers/google', {
      vertex_project: 'sim-project',
      vertex_location: 'us-central1',
      base_url: 'https://vertex.example.test',
      vertex_credentials: keyWith('https://tokens.example.test/token'),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    dns.set('tokens.example.test', ['127.0.0.1']);
    const test = await call('POST', '/admin/providers/google/test');
    expect(test.statusCode).toBe(200);
    const result = test.json<ProviderTestResponse>();
    expect(result).toMatchObject({ ok: false, error_class: 'address_refused' });
    expect(result.detail).toMatch(
      /^token_uri: tokens\.example\.test \(127\.0\.0\.1\) is a private, loopback or link-local address; ALLOW_PRIVATE_PROVIDER_URLS=true/,
    );
    expect(tokens.received).toEqual([]);
  });

  it('refuses at request time a base URL whose name resolves to a private address by then', async () => {
    dns.set('llm.example.test', [PUBLIC]);
    const port = new URL(sim.baseUrls.openai).port;
    const saved = await call('PATCH', '/admin/providers/openai', {
      api_key: 'sk-console-key-1234',
      base_url: `https://llm.example.test:${port}/v1`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = sim.requests.length;

    // DNS rebinding: the same name now answers with this machine, where provider-sim listens.
    dns.set('llm.example.test', ['127.0.0.1']);
    const test = await call('POST', '/admin/providers/openai/test');
    const result = test.json<ProviderTestResponse>();
    expect(result).toMatchObject({ ok: false, error_class: 'address_refused' });
    expect(result.detail).toMatch(/^base_url: llm\.example\.test \(127\.0\.0\.1\) is a private/);
    expect(result.detail).not.toContain('sk-console-key-1234');
    expect(sim.requests.length).toBe(before);
  });
});
