import { randomUUID } from 'node:crypto';
import type { HistoryResponse, MessageResponse, WsError } from '@parallax/contract';
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

describe('websocket /ws/{connectionId}: streaming answers', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  it("streams an answer to the send's socket: statuses, tokens numbered from 1, completion", async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const res = await postJson(
      t.baseUrl,
      '/api/v1/chat/messages',
      visitorHeaders(visitor, connectionId),
      sendBody('Stream please [sim tokens=30]'),
    );
    const sent = asMessage(res.json);
    expect(res.status).toBe(200);
    expect(sent).toMatchObject({ status: 'streaming', response: null });
    await socket.waitFor(
      (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === sent.id,
    );
    const statuses = socket.frames.flatMap((f) => (f.type === 'ai_status' ? [f.status] : []));
    expect(statuses).toEqual(['initializing', 'processing', 'working', 'streaming', 'completed']);
    expect(socket.frames.some((f) => f.type === 'ai_progress')).toBe(true);
    const tokens = socket.tokens(sent.id);
    expect(tokens.map((x) => x.sequence)).toEqual(tokens.map((_, i) => i + 1));
    expect(tokens.at(-1)).toMatchObject({ is_complete: true, token: '' });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/messages?conversation_id=${sent.conversation_id}`,
      headers: visitorHeaders(visitor),
    });
    const stored = history.json<HistoryResponse>().messages[0];
    expect(stored?.status).toBe('completed');
    expect(tokens.map((x) => x.token).join('')).toBe(stored?.response);
    socket.close();
  });

  it("sends nothing to other owners, and ignores an X-Connection-Id that is not the caller's", async () => {
    const visitor = newVisitorId();
    const stranger = newVisitorId();
    const strangerConnection = randomUUID();
    const strangerSocket = await TestSocket.open(t.baseUrl, strangerConnection, stranger);
    const mineConnection = randomUUID();
    const mine = await TestSocket.open(t.baseUrl, mineConnection, visitor);
    // Someone else's connection id: the send does not stream there; it answers in full.
    const hijack = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          visitorHeaders(visitor, strangerConnection),
          sendBody('hello'),
        )
      ).json,
    );
    expect(hijack.status).toBe('completed');
    const streamed = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          visitorHeaders(visitor, mineConnection),
          sendBody('hello again'),
        )
      ).json,
    );
    await mine.waitFor(
      (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === streamed.id,
    );
    // A stranger asking to resume those messages learns nothing.
    strangerSocket.send({ type: 'resume', message_id: streamed.id, last_sequence: 0 });
    strangerSocket.send({ type: 'resume', message_id: hijack.id, last_sequence: 0 });
    const refusals = [
      await strangerSocket.waitFor(
        (f): f is WsError => f.type === 'error' && f.message_id === streamed.id,
      ),
      await strangerSocket.waitFor(
        (f): f is WsError => f.type === 'error' && f.message_id === hijack.id,
      ),
    ];
    expect(refusals.map((r) => r.code)).toEqual(['not_found', 'not_found']);
    expect(
      strangerSocket.frames.filter((f) => f.type === 'ai_token' || f.type === 'ai_status'),
    ).toEqual([]);
    strangerSocket.close();
    mine.close();
  });

  it('keeps generating when the socket drops; the answer is complete in history', async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const sent = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          visitorHeaders(visitor, connectionId),
          sendBody('long one [sim tokens=40 tps=200]'),
        )
      ).json,
    );
    await socket.waitFor((f) => f.type === 'ai_token');
    socket.ws.terminate();
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/v1/chat/messages?conversation_id=${sent.conversation_id}`,
              headers: visitorHeaders(visitor),
            })
          ).json<HistoryResponse>().messages[0]?.status,
        { timeout: 5_000 },
      )
      .toBe('completed');
  });

  it('resumes after a drop: every later token exactly once, then the live rest', async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const first = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const sent = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          visitorHeaders(visitor, connectionId),
          sendBody('resume me [sim tokens=60 tps=100]'),
        )
      ).json,
    );
    await first.waitFor((f) => f.type === 'ai_token' && f.sequence >= 5);
    first.ws.terminate();
    const seen = first.tokens(sent.id);
    const lastSequence = seen.at(-1)?.sequence ?? 0;
    // Tokens keep coming while no socket is there.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await TestSocket.open(t.baseUrl, connectionId, visitor);
    // Live tokens for this connection id flow meanwhile: none may jump ahead of the resume.
    await new Promise((resolve) => setTimeout(resolve, 50));
    second.send({ type: 'resume', message_id: sent.id, last_sequence: lastSequence });
    await second.waitFor(
      (f) => f.type === 'ai_token' && f.message_id === sent.id && f.is_complete,
      15_000,
    );
    const rest = second.tokens(sent.id);
    const all = [...seen, ...rest];
    expect(all.map((x) => x.sequence)).toEqual(all.map((_, i) => i + 1));
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/messages?conversation_id=${sent.conversation_id}`,
      headers: visitorHeaders(visitor),
    });
    expect(all.map((x) => x.token).join('')).toBe(
      history.json<HistoryResponse>().messages[0]?.response,
    );
    await second.waitFor((f) => f.type === 'ai_status' && f.status === 'completed');

    // A page reload after the end replays the whole stream from 0.
    const reload = await TestSocket.open(t.baseUrl, randomUUID(), visitor);
    reload.send({ type: 'resume', message_id: sent.id, last_sequence: 0 });
    await reload.waitFor((f) => f.type === 'ai_status' && f.status === 'completed');
    expect(reload.tokens(sent.id).map((x) => x.sequence)).toEqual(all.map((x) => x.sequence));
    // The replay carries when each token was produced, not when it was replayed.
    const times = all.flatMap((x) => (x.at === undefined ? [] : [x.at]));
    expect(times).toHaveLength(all.length - 1);
    expect(reload.tokens(sent.id).map((x) => x.at)).toEqual(all.map((x) => x.at));
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(300);
    for (const s of [second, reload]) s.close();
  });

  it('answers blocking sends in full when the connection id is not live', async () => {
    const visitor = newVisitorId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: visitorHeaders(visitor, randomUUID()),
      payload: sendBody('no socket'),
    });
    expect(res.json<MessageResponse>()).toMatchObject({
      status: 'completed',
      response: expect.any(String),
    });
  });
});
