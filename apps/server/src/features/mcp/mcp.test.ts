import { randomUUID } from 'node:crypto';
import type {
  AdminMcpResponse,
  AdminMcpServer,
  McpServersResponse,
  ServerWsMessage,
  WsAiTool,
} from '@parallax/contract';
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
import {
  isEnd,
  requestsFor,
  startMcpStandIn,
  toolEvents,
  type McpStandIn,
} from './mcp-stand-ins.test-support';

const echo = (prefix: string) => (args: { text?: string | undefined }) =>
  `${prefix} ${args.text ?? ''}`;

describe('MCP servers in a turn', () => {
  let t: ChatTestApp;
  let alpha: McpStandIn;
  let beta: McpStandIn;
  let admin: SignedInUser;
  let user: SignedInUser;
  let socket: TestSocket;
  let connectionId: string;
  let alphaId: string;
  let betaId: string;

  const userHeaders = () => ({ ...bearer(user.accessToken), 'x-connection-id': connectionId });

  const listServers = async (who: SignedInUser = user): Promise<McpServersResponse> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mcp/servers',
      headers: bearer(who.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<McpServersResponse>();
  };

  /** A new chat's first send with both servers on; answers once the turn streams. */
  const send = async (text: string) => {
    const sent = await postJson(
      t.baseUrl,
      '/api/v1/chat/messages',
      userHeaders(),
      sendBody(text, {
        chat_settings: { mcp: { servers: [alphaId, betaId], disabled_tools: [] } },
      }),
    );
    const message = asMessage(sent.json);
    expect(message.status, JSON.stringify(sent.json)).toBe('streaming');
    return message;
  };

  const toolEvent =
    (messageId: string, status: WsAiTool['call']['status']) => (f: ServerWsMessage) =>
      f.type === 'ai_tool' && f.message_id === messageId && f.call.status === status;

  const approve = (messageId: string, callId: string, decision: string, who: SignedInUser = user) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/chat/messages/${messageId}/tool-calls/${encodeURIComponent(callId)}/approval`,
      headers: bearer(who.accessToken),
      payload: { decision },
    });

  beforeAll(async () => {
    alpha = await startMcpStandIn('alpha', [
      {
        name: 'lookup',
        description: 'Looks a word up.',
        annotations: { readOnlyHint: true },
        reply: echo('alpha found'),
      },
      { name: 'write_note', description: 'Writes a note.', reply: echo('noted') },
      {
        name: 'slow',
        description: 'Takes its time.',
        progress: ['halfway'],
        reply: () => 'hang',
      },
    ]);
    beta = await startMcpStandIn('beta', [
      {
        name: 'weather',
        description: 'The weather in a city.',
        annotations: { readOnlyHint: true },
        reply: echo('sunny in'),
      },
    ]);
    t = await createChatTestApp({
      simDefaults: { ttftMs: 0 },
      env: { ALLOW_PRIVATE_PROVIDER_URLS: 'true' },
    });
    admin = await registerAndSignIn(t.app, { admin: true });
    user = await registerAndSignIn(t.app);
    const add = async (name: string, url: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/mcp/servers',
        headers: bearer(admin.accessToken),
        payload: { name, url, auth: { kind: 'bearer', token: `token-of-${name}` } },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AdminMcpServer>();
    };
    alphaId = (await add('alpha', alpha.url)).id;
    betaId = (await add('beta', beta.url)).id;
    // The slow tool declares nothing (it would ask); the admin lets it run.
    const policy = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/mcp/servers/${alphaId}`,
      headers: bearer(admin.accessToken),
      payload: { policies: { slow: 'always_allow' } },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    connectionId = randomUUID();
    socket = await TestSocket.open(t.baseUrl, connectionId, user.user.id, {
      token: user.accessToken,
    });
  });

  afterAll(async () => {
    socket?.ws.close();
    await t?.close();
    await alpha?.close();
    await beta?.close();
  });

  it('lists each server’s tools under namespaced names, with the default policies and health', async () => {
    const { servers } = await listServers();
    const byName = new Map(servers.map((s) => [s.name, s]));
    const a = byName.get('alpha');
    expect(a?.health.state).toBe('connected');
    expect(a?.url).toBeNull();
    expect(a?.tools.map((tool) => [tool.qualified_name, tool.policy, tool.policy_source])).toEqual([
      ['alpha__lookup', 'always_allow', 'default'],
      ['alpha__write_note', 'always_ask', 'default'],
      ['alpha__slow', 'always_allow', 'admin'],
    ]);
    expect(byName.get('beta')?.tools.map((tool) => tool.qualified_name)).toEqual(['beta__weather']);
    const adminView = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/mcp',
      headers: bearer(admin.accessToken),
    });
    const body = adminView.json<AdminMcpResponse>();
    expect(body.servers.find((s) => s.id === alphaId)?.auth_hint).toBe('…lpha');
    expect(adminView.body).not.toContain('token-of-alpha');
  });

  it('runs a two-step turn with tools of two servers and gives the model their results', async () => {
    const sent = await send(
      'Plan a trip [sim call=alpha__lookup{"text":"cats"} call=beta__weather{"text":"Oslo"}]',
    );
    await socket.waitFor(isEnd(sent.id), 15_000);
    const done = toolEvents(socket.frames, sent.id).filter((e) => e.call.status === 'completed');
    expect(done.map((e) => [e.call.name, e.call.mcp?.server_id, e.call.result])).toEqual([
      ['alpha__lookup', alphaId, 'alpha found cats'],
      ['beta__weather', betaId, 'sunny in Oslo'],
    ]);
    expect(alpha.calls).toContain('lookup(cats)');
    expect(beta.calls).toContain('weather(Oslo)');
    const last = requestsFor(t, 'Plan a trip').at(-1);
    expect(JSON.stringify(last?.body)).toContain('sunny in Oslo');
  });

  it('waits for approval of a tool with side effects, shows it after a reload, then runs it', async () => {
    const sent = await send('Note this [sim call=alpha__write_note{"text":"hello"}]');
    const waiting = (await socket.waitFor(
      toolEvent(sent.id, 'awaiting_approval'),
      15_000,
    )) as WsAiTool;
    expect(waiting.call.arguments).toBe('{"text":"hello"}');
    expect(waiting.call.mcp?.approval_until).toBeDefined();
    expect(alpha.calls).not.toContain('write_note(hello)');
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/messages?conversation_id=${sent.conversation_id}`,
      headers: bearer(user.accessToken),
    });
    expect(history.body).toContain('awaiting_approval');

    const stranger = await registerAndSignIn(t.app);
    expect((await approve(sent.id, waiting.call.id, 'allow', stranger)).statusCode).toBe(404);
    const ok = await approve(sent.id, waiting.call.id, 'allow');
    expect(ok.statusCode, ok.body).toBe(200);
    await socket.waitFor(isEnd(sent.id), 15_000);
    expect(alpha.calls).toContain('write_note(hello)');
    const rows = toolEvents(socket.frames, sent.id);
    expect(rows.at(-1)?.call.status).toBe('completed');
    // Answered once: a second answer finds nothing waiting.
    expect((await approve(sent.id, waiting.call.id, 'deny')).statusCode).toBe(404);
  });

  it('reports a denied call to the model as denied and never runs it', async () => {
    const sent = await send('Deny me [sim call=alpha__write_note{"text":"secret"}]');
    const waiting = (await socket.waitFor(
      toolEvent(sent.id, 'awaiting_approval'),
      15_000,
    )) as WsAiTool;
    expect((await approve(sent.id, waiting.call.id, 'deny')).statusCode).toBe(200);
    await socket.waitFor(isEnd(sent.id), 15_000);
    expect(toolEvents(socket.frames, sent.id).at(-1)?.call.status).toBe('denied');
    expect(alpha.calls).not.toContain('write_note(secret)');
    expect(JSON.stringify(requestsFor(t, 'Deny me').at(-1)?.body)).toContain('denied');
  });

  it('“always” allows the call and every later call of that tool without asking', async () => {
    const first = await send('Always [sim call=alpha__write_note{"text":"one"}]');
    const waiting = (await socket.waitFor(
      toolEvent(first.id, 'awaiting_approval'),
      15_000,
    )) as WsAiTool;
    expect((await approve(first.id, waiting.call.id, 'always')).statusCode).toBe(200);
    await socket.waitFor(isEnd(first.id), 15_000);
    const second = await send('Again [sim call=alpha__write_note{"text":"two"}]');
    await socket.waitFor(isEnd(second.id), 15_000);
    const rows = toolEvents(socket.frames, second.id);
    expect(rows.some((e) => e.call.status === 'awaiting_approval')).toBe(false);
    expect(rows.at(-1)?.call.status).toBe('completed');
    expect(alpha.calls).toEqual(expect.arrayContaining(['write_note(one)', 'write_note(two)']));
    const { servers } = await listServers();
    const note = servers
      .find((s) => s.id === alphaId)
      ?.tools.find((tool) => tool.name === 'write_note');
    expect([note?.policy, note?.policy_source]).toEqual(['always_allow', 'user']);
  });

  it('picks up a tools/list_changed notification', async () => {
    beta.addTool({
      name: 'forecast',
      description: 'Tomorrow’s weather.',
      annotations: { readOnlyHint: true },
      reply: echo('rain in'),
    });
    let names: string[] = [];
    for (let i = 0; i < 50 && !names.includes('beta__forecast'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { servers } = await listServers();
      names = servers.find((s) => s.id === betaId)?.tools.map((tool) => tool.qualified_name) ?? [];
    }
    expect(names).toContain('beta__forecast');
  });

  it('shows progress, and a server that goes away mid-call fails the row while the answer goes on', async () => {
    const sent = await send('Slowly [sim call=alpha__slow{}]');
    await socket.waitFor(
      (f) => f.type === 'ai_tool' && f.message_id === sent.id && f.call.progress !== undefined,
      15_000,
    );
    const progressed = toolEvents(socket.frames, sent.id).find((e) => e.call.progress);
    expect(progressed?.call.progress).toContain('halfway');
    alpha.dropConnections();
    const end = await socket.waitFor(isEnd(sent.id), 15_000);
    expect(end.status).toBe('completed');
    const last = toolEvents(socket.frames, sent.id).at(-1);
    expect(last?.call.status).toBe('error');
    expect(last?.call.error).toBeTruthy();
    const { servers } = await listServers();
    expect(servers.find((s) => s.id === alphaId)?.health.state).not.toBe('connected');
  });

  it('refuses a user-added server at a private address, and only for plans that allow them', async () => {
    const body = { name: 'mine', url: 'http://127.0.0.1:9/mcp' };
    const headers = bearer(user.accessToken);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcp/servers',
      headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const plans = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/mcp',
        headers: bearer(admin.accessToken),
      })
    ).json<AdminMcpResponse>().plans;
    const allow = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/mcp/plans',
      headers: bearer(admin.accessToken),
      payload: { plans: plans.map((p) => ({ plan_id: p.plan_id, user_servers: true })) },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    expect((await listServers()).user_servers_allowed).toBe(true);
    for (const url of ['http://127.0.0.1:9/mcp', 'https://10.1.2.3/mcp', 'https://[::1]/mcp']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/mcp/servers',
        headers,
        payload: { name: 'mine', url },
      });
      expect(res.statusCode, url).toBe(422);
    }
    expect((await listServers()).servers.some((s) => s.scope === 'user')).toBe(false);
  });
});
