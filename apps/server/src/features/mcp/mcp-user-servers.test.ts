import type {
  AdminMcpResponse,
  McpComposerText,
  McpServersResponse,
  McpServerView,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { startMcpStandIn, type McpStandIn } from './mcp-stand-ins.test-support';

/*
 * Users' own servers on 127.0.0.1: the admin's allowance (AI management → MCP) lets them use
 * private addresses; off, they are refused when saved and at every connection.
 */
describe('a user’s own MCP servers', () => {
  let t: TestApp;
  let mine: McpStandIn;
  let owner: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;

  const allowPrivate = async (on: boolean) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/mcp/settings',
      headers: bearer(admin.accessToken),
      payload: { user_servers_private: on },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminMcpResponse>().user_servers_private).toBe(on);
  };

  const list = async (who: SignedInUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/mcp/servers',
        headers: bearer(who.accessToken),
      })
    ).json<McpServersResponse>();

  beforeAll(async () => {
    mine = await startMcpStandIn('mine', [
      { name: 'ping', description: 'Pong.', reply: () => 'pong' },
    ]);
    t = await createTestApp();
    admin = await registerAndSignIn(t.app, { admin: true });
    const { plans } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/mcp',
        headers: bearer(admin.accessToken),
      })
    ).json<AdminMcpResponse>();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/mcp/plans',
      headers: bearer(admin.accessToken),
      payload: { plans: plans.map((p) => ({ plan_id: p.plan_id, user_servers: true })) },
    });
    owner = await registerAndSignIn(t.app);
    other = await registerAndSignIn(t.app);
    await allowPrivate(true);
  });

  afterAll(async () => {
    await t?.close();
    await mine?.close();
  });

  it('adds, lists, sets policies and removes a server; another user neither sees nor touches it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcp/servers',
      headers: bearer(owner.accessToken),
      payload: { name: 'mine', url: mine.url, auth: { kind: 'bearer', token: 'my-secret-token' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const server = created.json<McpServerView>();
    expect(server).toMatchObject({ scope: 'user', transport: 'streamable_http', url: mine.url });
    expect(server.health.state).toBe('connected');
    expect(server.tools.map((tool) => [tool.qualified_name, tool.policy])).toEqual([
      ['mine__ping', 'always_ask'],
    ]);
    expect(created.body).not.toContain('my-secret-token');

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcp/servers',
      headers: bearer(owner.accessToken),
      payload: { name: 'mine', url: mine.url },
    });
    expect(dup.statusCode).toBe(409);

    expect((await list(other)).servers.some((s) => s.id === server.id)).toBe(false);
    for (const [method, url, payload] of [
      ['PATCH', `/api/v1/mcp/servers/${server.id}`, { title: 'Taken' }],
      ['PUT', `/api/v1/mcp/servers/${server.id}/policies`, { policies: { ping: 'always_allow' } }],
      ['DELETE', `/api/v1/mcp/servers/${server.id}`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(other.accessToken),
        ...(payload && { payload }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }

    const policies = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/mcp/servers/${server.id}/policies`,
      headers: bearer(owner.accessToken),
      payload: { policies: { ping: 'ask_once' } },
    });
    expect(policies.json<McpServerView>().tools[0]).toMatchObject({
      policy: 'ask_once',
      policy_source: 'user',
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/mcp/servers/${server.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(owner)).servers.some((s) => s.id === server.id)).toBe(false);
  });

  it('refuses stdio and SSE for users (Streamable HTTP only)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcp/servers',
      headers: bearer(owner.accessToken),
      payload: { name: 'shell', url: mine.url, transport: 'stdio' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a private address while the admin’s allowance is off, at saving and at every connection', async () => {
    await allowPrivate(false);
    const headers = bearer(owner.accessToken);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/mcp/servers',
        headers,
        payload: { name: 'local', url: mine.url },
      });
    const refused = await create();
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^url: /);

    await allowPrivate(true);
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    const server = created.json<McpServerView>();
    expect(server.health.state).toBe('connected');
    const callsBefore = mine.calls.length;

    await allowPrivate(false);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/mcp/servers/${server.id}/refresh`,
      headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<McpServerView>().health).toMatchObject({
      state: 'failing',
      reason: 'The address is not allowed (a private network).',
    });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/mcp/servers/${server.id}`,
      headers,
      payload: { url: `${mine.url}/other` },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<{ detail: string }>().detail).toMatch(/^url: /);
    expect(mine.calls.length).toBe(callsBefore);

    await allowPrivate(true);
    const metadata = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/mcp/servers/${server.id}`,
      headers,
      payload: { url: 'http://169.254.169.254/mcp' },
    });
    expect(metadata.statusCode).toBe(422);
    expect(metadata.json<{ detail: string }>().detail).toMatch(/^url: .*metadata/);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/mcp/servers/${server.id}`, headers });
  });

  it('puts a listed prompt, filled in, and a listed resource, framed as untrusted, into the composer', async () => {
    const headers = bearer(owner.accessToken);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcp/servers',
      headers,
      payload: { name: 'docs', url: mine.url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const server = created.json<McpServerView>();
    expect(server.prompts.map((p) => p.name)).toEqual(['summarise']);
    expect(server.resources.map((r) => r.uri)).toEqual(['mine://readme']);
    const post = (who: SignedInUser, path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/mcp/servers/${server.id}/${path}`,
        headers: bearer(who.accessToken),
        payload,
      });

    const prompt = await post(owner, 'prompts/get', {
      name: 'summarise',
      arguments: { text: 'Summarise the minutes.\u0007' },
    });
    expect(prompt.statusCode, prompt.body).toBe(200);
    expect(prompt.json<McpComposerText>()).toEqual({
      text: 'Summarise the minutes.',
      truncated: false,
    });
    const resource = await post(owner, 'resources/read', { uri: 'mine://readme' });
    expect(resource.statusCode, resource.body).toBe(200);
    const framed = resource.json<McpComposerText>().text;
    expect(framed).toContain('untrusted data from that server');
    expect(framed).toContain('<mcp_resource>\nmine stand-in\n</mcp_resource>');

    const unknownPrompt = await post(owner, 'prompts/get', { name: 'nope' });
    expect(unknownPrompt.statusCode).toBe(422);
    expect(unknownPrompt.json<{ detail: string }>().detail).toMatch(/^name: /);
    const unknownUri = await post(owner, 'resources/read', { uri: 'file:///etc/passwd' });
    expect(unknownUri.statusCode).toBe(422);
    expect(unknownUri.json<{ detail: string }>().detail).toMatch(/^uri: /);
    expect((await post(other, 'resources/read', { uri: 'mine://readme' })).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/mcp/servers/${server.id}`, headers });
  });
});
