import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AdminMcpServer, WsAiTool } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { asMessage, postJson, sendBody, TestSocket } from '../../../test/chat';
import { isEnd, startMcpStandIn, toolEvents, type McpStandIn } from './mcp-stand-ins.test-support';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('an approval answered on another process', () => {
  let sim: ProviderSim;
  let pair: TestAppPair;
  let server: McpStandIn;

  beforeAll(async () => {
    server = await startMcpStandIn('alpha', [
      { name: 'write_note', description: 'Writes a note.', reply: (a) => `noted ${a.text ?? ''}` },
    ]);
    sim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 0, tokensPerSecond: 2_000, lengthTokens: 10 },
    });
    pair = await createTestAppPair({
      env: {
        OPENAI_API_KEY: 'sk-test-mcp',
        OPENAI_BASE_URL: sim.baseUrls.openai,
        ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      },
    });
  }, 60_000);

  afterAll(async () => {
    await pair?.close();
    await sim?.close();
    await server?.close();
  });

  it('wakes the call on the process that runs it', async () => {
    const a = await listen(pair.a);
    const admin = await registerAndSignIn(pair.a, { admin: true });
    const added = await pair.a.inject({
      method: 'POST',
      url: '/api/v1/admin/mcp/servers',
      headers: bearer(admin.accessToken),
      payload: { name: 'alpha', url: server.url },
    });
    expect(added.statusCode, added.body).toBe(201);
    const serverId = added.json<AdminMcpServer>().id;
    const user = await registerAndSignIn(pair.a);
    const connectionId = randomUUID();
    const socket = await TestSocket.open(a, connectionId, user.user.id, {
      token: user.accessToken,
    });
    try {
      const sent = asMessage(
        (
          await postJson(
            a,
            '/api/v1/chat/messages',
            { ...bearer(user.accessToken), 'x-connection-id': connectionId },
            sendBody('Note [sim call=alpha__write_note{"text":"far"}]', {
              chat_settings: { mcp: { servers: [serverId], disabled_tools: [] } },
            }),
          )
        ).json,
      );
      const waiting = (await socket.waitFor(
        (f) =>
          f.type === 'ai_tool' && f.message_id === sent.id && f.call.status === 'awaiting_approval',
        15_000,
      )) as WsAiTool;
      const answered = await pair.b.inject({
        method: 'POST',
        url: `/api/v1/chat/messages/${sent.id}/tool-calls/${encodeURIComponent(waiting.call.id)}/approval`,
        headers: bearer(user.accessToken),
        payload: { decision: 'allow' },
      });
      expect(answered.statusCode, answered.body).toBe(200);
      await socket.waitFor(isEnd(sent.id), 15_000);
      expect(toolEvents(socket.frames, sent.id).at(-1)?.call.status).toBe('completed');
      expect(server.calls).toContain('write_note(far)');
    } finally {
      socket.ws.close();
    }
  }, 60_000);
});
