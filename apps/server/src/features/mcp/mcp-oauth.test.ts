import { randomUUID } from 'node:crypto';
import type { AdminMcpServer, McpServersResponse, StartMcpOAuthResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import {
  asMessage,
  createChatTestApp,
  postJson,
  sendBody,
  TestSocket,
  type ChatTestApp,
} from '../../../test/chat';
import { isEnd, toolEvents } from './mcp-stand-ins.test-support';
import {
  signInThroughPages,
  startOAuthMcpStandIn,
  type OAuthMcpStandIn,
} from './oauth-stand-in.test-support';

/*
 * The authorization server is oidc-provider (discovery, dynamic registration, PKCE, its login
 * and consent pages, JWT access tokens for the MCP endpoint as resource); the MCP server
 * verifies each token's signature, issuer, audience and scope.
 */
describe('an MCP server that needs the user’s own account (OAuth)', () => {
  let t: ChatTestApp;
  let gamma: OAuthMcpStandIn;
  let user: SignedInUser;
  let serverId: string;

  const gammaOf = async (who: SignedInUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mcp/servers',
      headers: bearer(who.accessToken),
    });
    return res.json<McpServersResponse>().servers.find((s) => s.id === serverId);
  };

  beforeAll(async () => {
    gamma = await startOAuthMcpStandIn();
    t = await createChatTestApp({
      simDefaults: { ttftMs: 0 },
      env: { ALLOW_PRIVATE_PROVIDER_URLS: 'true', APP_URL: 'https://parallax.test' },
    });
    const admin = await registerAndSignIn(t.app, { admin: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/mcp/servers',
      headers: bearer(admin.accessToken),
      payload: { name: 'gamma', url: gamma.url, auth: { kind: 'oauth' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    serverId = res.json<AdminMcpServer>().id;
    user = await registerAndSignIn(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await gamma?.close();
  });

  it('needs sign-in, signs in through the server’s page (DCR + PKCE), then lists and runs its tools', async () => {
    const before = await gammaOf(user);
    expect([before?.health.state, before?.signed_in]).toEqual(['needs_sign_in', false]);

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/mcp/servers/${serverId}/oauth/start`,
      headers: bearer(user.accessToken),
      payload: { return_to: '/settings/tools' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const page = new URL(started.json<StartMcpOAuthResponse>().authorization_url);
    expect(page.origin).toBe(gamma.issuer);
    expect(page.searchParams.get('code_challenge_method')).toBe('S256');
    expect(page.searchParams.get('resource')).toBe(gamma.url);
    expect(await gamma.registeredClients()).toBe(1);

    // The browser signs in on oidc-provider's login page as "ada", consents, and comes back.
    const back = await signInThroughPages(page.toString(), 'ada');
    expect(back.origin + back.pathname).toBe('https://parallax.test/api/v1/mcp/oauth/callback');
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('https://parallax.test/settings/tools?mcp_oauth=ok');
    // A state is good once.
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(String(replay.headers.location)).toContain('mcp_oauth=error');

    const after = await gammaOf(user);
    expect([after?.health.state, after?.signed_in]).toEqual(['connected', true]);
    expect(after?.tools.map((tool) => tool.qualified_name)).toEqual(['gamma__whoami']);

    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, user.user.id, {
      token: user.accessToken,
    });
    try {
      const sent = asMessage(
        (
          await postJson(
            t.baseUrl,
            '/api/v1/chat/messages',
            { ...bearer(user.accessToken), 'x-connection-id': connectionId },
            sendBody('Who am I [sim call=gamma__whoami{}]', {
              chat_settings: { mcp: { servers: [serverId], disabled_tools: [] } },
            }),
          )
        ).json,
      );
      await socket.waitFor(isEnd(sent.id), 15_000);
      expect(toolEvents(socket.frames, sent.id).at(-1)?.call.result).toBe('signed in as ada');
    } finally {
      socket.ws.close();
    }

    // Another user has not signed in: their own connection needs it.
    const other = await registerAndSignIn(t.app);
    expect((await gammaOf(other))?.health.state).toBe('needs_sign_in');

    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/mcp/servers/${serverId}/oauth`,
      headers: bearer(user.accessToken),
    });
    expect(out.statusCode).toBe(204);
    expect((await gammaOf(user))?.signed_in).toBe(false);
  });
});
