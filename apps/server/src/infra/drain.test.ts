import { randomUUID } from 'node:crypto';
import { HealthResponse, type HistoryResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asMessage,
  createChatTestApp,
  newVisitorId,
  postJson,
  sendBody,
  TestSocket,
  visitorHeaders,
  type ChatTestApp,
} from '../../test/chat';

// The two-process side (sockets moving to another process, the answer finishing there) is in
// test/rolling-restart.test.ts; this is one process, with either bus.
describe('draining before a restart', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  it('finishes the running answer, refuses sends (503 server_restarting) and new sockets (1012), health 503', async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const sent = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          visitorHeaders(visitor, connectionId),
          sendBody('a long answer [sim tokens=60 tps=60]'),
        )
      ).json,
    );
    expect(sent.status).toBe('streaming');
    await socket.waitFor((f) => f.type === 'ai_token' && f.message_id === sent.id);

    t.app.drain.begin();
    const shared = t.app.bus.driver === 'redis';

    const health = await fetch(`${t.baseUrl}/api/v1/health`);
    expect(health.status).toBe(503);
    expect(HealthResponse.parse(await health.json())).toMatchObject({
      status: 'degraded',
      draining: true,
      database: { status: 'ok' },
    });

    const refused = await fetch(`${t.baseUrl}/api/v1/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...visitorHeaders(visitor, connectionId) },
      body: JSON.stringify(sendBody('during the drain')),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ error: 'server_restarting' });

    const late = await TestSocket.open(t.baseUrl, randomUUID(), visitor, { established: false });
    expect(await late.closed()).toBe(1012);

    if (shared) {
      // Another process would take the socket over; here it is told to go.
      expect(await socket.closed()).toBe(1012);
    } else {
      // No other process to go to: the socket stays and the answer ends on it.
      await socket.waitFor(
        (f) => f.type === 'ai_token' && f.message_id === sent.id && f.is_complete,
        15_000,
      );
      expect(socket.closeCode).toBeUndefined();
    }
    expect(await t.app.chat.generations.whenIdle(15_000)).toBe(true);
    const history = (await (
      await fetch(`${t.baseUrl}/api/v1/chat/messages?conversation_id=${sent.conversation_id}`, {
        headers: visitorHeaders(visitor),
      })
    ).json()) as HistoryResponse;
    expect(history.messages.map((m) => m.status)).toEqual(['completed']);
    if (!shared)
      expect(
        socket
          .tokens(sent.id)
          .map((f) => f.token)
          .join(''),
      ).toBe(history.messages[0]?.response);
    socket.close();
  }, 30_000);

  it('gives up waiting after the grace period', async () => {
    // The app above is draining: a generation started directly (sends are refused) never ends.
    let finish: () => void = () => undefined;
    void t.app.chat.generations.run(
      randomUUID(),
      () => new Promise((resolve) => (finish = () => resolve('completed'))),
    );
    expect(await t.app.chat.generations.whenIdle(50)).toBe(false);
    finish();
    expect(await t.app.chat.generations.whenIdle(1_000)).toBe(true);
  });
});
