import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { McpServersResponse } from '@parallax/contract';
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

const script = fileURLToPath(new URL('./stdio-stand-in.test-support.ts', import.meta.url));

describe('a stdio MCP server from MCP_STDIO_SERVERS', () => {
  let t: ChatTestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await createChatTestApp({
      simDefaults: { ttftMs: 0 },
      env: {
        MCP_STDIO_SERVERS: JSON.stringify([
          {
            name: 'notes',
            title: 'Notes',
            command: process.execPath,
            args: [script],
            env: { NOTES_GREETING: 'the config' },
          },
        ]),
      },
    });
    user = await registerAndSignIn(t.app);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('is listed for every user and its tools run in a turn', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mcp/servers',
      headers: bearer(user.accessToken),
    });
    const { servers } = res.json<McpServersResponse>();
    const notes = servers.find((s) => s.name === 'notes');
    expect(notes?.scope).toBe('config');
    expect(notes?.transport).toBe('stdio');
    expect(notes?.health.state, JSON.stringify(notes?.health)).toBe('connected');
    expect(notes?.tools.map((tool) => tool.qualified_name)).toEqual(['notes__echo']);

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
            sendBody('Echo [sim call=notes__echo{"text":"hi"}]', {
              chat_settings: { mcp: { servers: [notes?.id ?? ''], disabled_tools: [] } },
            }),
          )
        ).json,
      );
      await socket.waitFor(isEnd(sent.id), 15_000);
      const last = toolEvents(socket.frames, sent.id).at(-1);
      expect(last?.call.status).toBe('completed');
      expect(last?.call.result).toBe('echo hi from the config');
    } finally {
      socket.ws.close();
    }
  });

  it('is never added from the web', async () => {
    const admin = await registerAndSignIn(t.app, { admin: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/mcp/servers',
      headers: bearer(admin.accessToken),
      payload: { name: 'shell', url: 'https://example.com/mcp', transport: 'stdio' },
    });
    expect(res.statusCode).toBe(422);
  });
});
