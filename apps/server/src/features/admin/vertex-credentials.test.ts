import fs from 'node:fs';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { ProviderSettings, ProviderSettingsListResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalTokenEndpoint,
  type LocalTokenEndpoint,
} from '../../providers/provider-test-kit';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { sendBody } from '../../../test/chat';

const CLIENT_EMAIL = 'console-key@sim-project.iam.gserviceaccount.com';

describe('Vertex credentials set in the console', () => {
  let sim: ProviderSim;
  let tokens: LocalTokenEndpoint;
  let t: TestApp;
  let admin: SignedInUser;
  let keyJson: string;
  /** A line from inside the PEM body: no part of the private key may show anywhere. */
  let marker: string;

  const patchGoogle = (payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/providers/google',
      headers: bearer(admin.accessToken),
      payload,
    });

  beforeAll(async () => {
    sim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 5, tokensPerSecond: 2_000, lengthTokens: 10 },
    });
    tokens = await startLocalTokenEndpoint(CLIENT_EMAIL);
    keyJson = fs.readFileSync(tokens.credentialsFile, 'utf8');
    const pem = (JSON.parse(keyJson) as { private_key: string }).private_key;
    marker = pem.split('\n')[5] ?? '';
    expect(marker.length).toBeGreaterThan(40);
    // No GOOGLE_APPLICATION_CREDENTIALS: the key comes from the console only.
    t = await createTestApp({ env: { ALLOW_PRIVATE_PROVIDER_URLS: 'true' } });
    admin = await registerAndSignIn(t.app, { admin: true });
  });
  afterAll(async () => {
    await t.close();
    await tokens.close();
    await sim.close();
  });

  it('refuses a key that is not a service-account JSON, naming the field, and saves nothing', async () => {
    const valid = JSON.parse(keyJson) as Record<string, unknown>;
    const bad = [
      'not json at all',
      JSON.stringify({ ...valid, type: 'authorized_user' }),
      JSON.stringify({ ...valid, client_email: undefined }),
      JSON.stringify({ ...valid, private_key: 'not a pem' }),
    ];
    for (const vertex_credentials of bad) {
      const res = await patchGoogle({ vertex_project: 'half-saved', vertex_credentials });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(/vertex_credentials/);
    }
    const openai = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/providers/openai',
      headers: bearer(admin.accessToken),
      payload: { vertex_credentials: keyJson },
    });
    expect(openai.statusCode).toBe(422);
    expect(openai.json<{ detail: string }>().detail).toMatch(/vertex_credentials/);
    expect(await t.app.db.selectFrom('provider_settings').selectAll().execute()).toEqual([]);
  });

  it('stores the key sealed, returns only its client_email, and a Vertex chat signs in with it', async () => {
    const res = await patchGoogle({
      vertex_project: 'sim-project',
      vertex_location: 'us-central1',
      base_url: sim.baseUrls.google,
      vertex_credentials: keyJson,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProviderSettings>()).toMatchObject({
      vertex_credentials_set: true,
      vertex_credentials_source: 'admin',
      vertex_credentials_email: CLIENT_EMAIL,
      configured: true,
    });
    expect(res.body).not.toContain(marker);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/providers',
      headers: bearer(admin.accessToken),
    });
    expect(listed.body).not.toContain(marker);
    expect(listed.body).not.toContain('PRIVATE KEY');

    const rows = await t.app.db.selectFrom('provider_settings').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(marker);
    expect(rows.find((r) => r.provider === 'google')?.vertex_credentials_sealed).toMatch(/^v1\./);
    const audit = await t.app.db.selectFrom('audit_log').selectAll().execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(marker);
    if (t.config.databaseUrl.startsWith('sqlite:')) {
      const file = t.config.databaseUrl.slice('sqlite:'.length);
      for (const part of [file, `${file}-wal`].filter((f) => fs.existsSync(f)))
        expect(fs.readFileSync(part).includes(marker)).toBe(false);
    }

    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: bearer(admin.accessToken),
      payload: sendBody('hello vertex', { provider: 'google', model: 'vertex-gemini-2.5-flash' }),
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.json<{ status: string; provider: string }>()).toMatchObject({
      status: 'completed',
      provider: 'google',
    });
    expect(tokens.issued.length).toBeGreaterThan(0);
  });

  it('removes the key: the provider is no longer configured', async () => {
    const res = await patchGoogle({ vertex_credentials: null });
    expect(res.statusCode).toBe(200);
    const google = res.json<ProviderSettings>();
    expect(google).toMatchObject({
      vertex_credentials_set: false,
      vertex_credentials_source: 'none',
      vertex_credentials_email: null,
      configured: false,
    });
    expect(google.unavailable_reason).toMatch(/GOOGLE_APPLICATION_CREDENTIALS/);
    const rows = await t.app.db.selectFrom('provider_settings').selectAll().execute();
    expect(rows.find((r) => r.provider === 'google')?.vertex_credentials_sealed).toBeNull();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/providers',
      headers: bearer(admin.accessToken),
    });
    expect(
      list.json<ProviderSettingsListResponse>().providers.find((p) => p.provider === 'google'),
    ).toMatchObject({ vertex_credentials_set: false });
  });
});
