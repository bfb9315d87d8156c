import { randomUUID } from 'node:crypto';
import type { HistoryResponse, MessageResponse, WsAiStatus, WsError } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, registerAndSignIn } from '../../test/auth';
import {
  asMessage,
  createChatTestApp,
  newVisitorId,
  postJson,
  sendAndFollow,
  sendBody,
  TestSocket,
  visitorHeaders,
  type ChatTestApp,
} from '../../test/chat';

/** A raw ws client for upgrade requests with custom headers (cookie, origin). */
class TestSocketRaw {
  constructor(readonly ws: WebSocket) {}

  /** The first frame's type, or the close code when the server closes first. */
  firstFrameOrClose(): Promise<string | number> {
    return new Promise((resolve) => {
      this.ws.once('message', (data) => {
        resolve((JSON.parse(data.toString()) as { type: string }).type);
        this.ws.close();
      });
      this.ws.once('close', (code) => resolve(code));
    });
  }
}

/** Opens a socket on `connectionId`, retrying while the server still holds it for a closing one. */
async function openOnceFree(baseUrl: string, connectionId: string, userId: string) {
  for (let attempt = 0; ; attempt += 1) {
    const socket = await TestSocket.open(baseUrl, connectionId, userId, { established: false });
    if (socket.closeCode === undefined) {
      // The refusal (4401) can still be on its way when the socket has opened.
      const established = await socket
        .waitFor((f) => f.type === 'connection_established')
        .then(
          () => true,
          (error: unknown) => {
            if (socket.closeCode !== 4401) throw error;
            return false;
          },
        );
      if (established) return socket;
    }
    if (attempt >= 20) throw new Error(`connection id still held (${socket.closeCode})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('websocket /ws/{connectionId}', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  it('greets a visitor socket and answers pings', async () => {
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, newVisitorId());
    expect(socket.frames[0]).toEqual({
      type: 'connection_established',
      connection_id: connectionId,
    });
    socket.send({ type: 'ping', timestamp: 1234 });
    expect(await socket.waitFor((f) => f.type === 'pong')).toEqual({
      type: 'pong',
      timestamp: 1234,
    });
    socket.close();
  });

  it('refuses malformed visitor ids and users without a valid token, before sending anything', async () => {
    const bad = await TestSocket.open(t.baseUrl, randomUUID(), 'visitor_short', {
      established: false,
    });
    expect(await bad.closed()).toBe(4401);
    expect(bad.frames).toEqual([]);

    const user = await registerAndSignIn(t.app);
    const other = await registerAndSignIn(t.app);
    const wrongUser = await TestSocket.open(t.baseUrl, randomUUID(), user.user.id, {
      token: other.accessToken,
      established: false,
    });
    expect(await wrongUser.closed()).toBe(4401);
    expect(wrongUser.frames).toEqual([]);
    const garbage = await TestSocket.open(t.baseUrl, randomUUID(), user.user.id, {
      token: 'not.a.jwt',
      established: false,
    });
    expect(await garbage.closed()).toBe(4401);

    const viaQuery = await TestSocket.open(t.baseUrl, randomUUID(), user.user.id, {
      token: user.accessToken,
    });
    expect(viaQuery.frames[0]?.type).toBe('connection_established');
    viaQuery.close();

    const viaMessage = await TestSocket.open(t.baseUrl, randomUUID(), user.user.id, {
      established: false,
    });
    expect(viaMessage.frames).toEqual([]);
    viaMessage.send({ type: 'auth', access_token: user.accessToken });
    await viaMessage.waitFor((f) => f.type === 'connection_established');
    viaMessage.close();

    // The cookie counts only from the app's own origin.
    const cookieUrl = `${t.baseUrl.replace(/^http/, 'ws')}/ws/${randomUUID()}?user_id=${user.user.id}`;
    const cookie = { Cookie: `access_token=${user.accessToken}` };
    const sameSite = new TestSocketRaw(
      new WebSocket(cookieUrl, { headers: { ...cookie, Origin: t.config.appUrl } }),
    );
    expect(await sameSite.firstFrameOrClose()).toBe('connection_established');
    const crossSite = new TestSocketRaw(
      new WebSocket(cookieUrl, { headers: { ...cookie, Origin: 'https://evil.example' } }),
    );
    const crossSiteFirst = crossSite.firstFrameOrClose();
    await new Promise((resolve) => crossSite.ws.once('open', resolve));
    // Not authenticated by the cookie: it waits for an auth message, and a bad one ends it.
    crossSite.ws.send(JSON.stringify({ type: 'auth', access_token: 'not.a.jwt' }));
    expect(await crossSiteFirst).toBe(4401);

    const badMessage = await TestSocket.open(t.baseUrl, randomUUID(), user.user.id, {
      established: false,
    });
    badMessage.send({ type: 'auth', access_token: other.accessToken });
    expect(await badMessage.closed()).toBe(4401);
  });

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

  it('replaces the visitor socket with the user socket of the same connection after sign-in', async () => {
    const visitorId = newVisitorId();
    const connectionId = randomUUID();
    const visitorSocket = await TestSocket.open(t.baseUrl, connectionId, visitorId);
    const user = await registerAndSignIn(t.app, { visitorId });
    const userSocket = await TestSocket.open(t.baseUrl, connectionId, user.user.id, {
      token: user.accessToken,
    });
    expect(await visitorSocket.closed()).toBe(4000);
    const sent = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          { ...bearer(user.accessToken), 'x-connection-id': connectionId },
          sendBody('signed in now'),
        )
      ).json,
    );
    expect(sent.status).toBe('streaming');
    await userSocket.waitFor(
      (f): f is WsAiStatus => f.type === 'ai_status' && f.status === 'completed',
    );
    // A stranger cannot push the user's socket out with the same connection id.
    const stranger = await TestSocket.open(t.baseUrl, connectionId, newVisitorId(), {
      established: false,
    });
    expect(await stranger.closed()).toBe(4401);
    expect(userSocket.closeCode).toBeUndefined();
    userSocket.close();
  });

  /** A send of `owner` naming `connectionId` streams in full to `socket`, which stays open. */
  const expectStreamsTo = async (
    socket: TestSocket,
    owner: string,
    connectionId: string,
    text: string,
  ) => {
    const { sent, tokens } = await sendAndFollow(
      socket,
      t.baseUrl,
      visitorHeaders(owner, connectionId),
      text,
    );
    expect(sent.status).toBe('streaming');
    expect(tokens.length).toBeGreaterThan(0);
    expect(socket.closeCode).toBeUndefined();
  };

  it("refuses another owner's socket on a live connection id; the holder keeps streaming after it", async () => {
    const owner = newVisitorId();
    const connectionId = randomUUID();
    const mine = await TestSocket.open(t.baseUrl, connectionId, owner);
    const user = await registerAndSignIn(t.app);
    const squatters = [
      { userId: user.user.id, token: user.accessToken },
      { userId: newVisitorId(), token: undefined },
    ];
    for (const { userId, token } of squatters) {
      const squatter = await TestSocket.open(t.baseUrl, connectionId, userId, {
        ...(token ? { token } : {}),
        established: false,
      });
      expect(await squatter.closed()).toBe(4401);
      expect(squatter.frames).toEqual([]);
    }
    await expectStreamsTo(mine, owner, connectionId, 'still mine');
    mine.close();
  });

  it('keeps each socket of an owner on one id registered until that socket itself closes', async () => {
    const owner = newVisitorId();
    const connectionId = randomUUID();
    const first = await TestSocket.open(t.baseUrl, connectionId, owner);
    const second = await TestSocket.open(t.baseUrl, connectionId, owner);
    second.close();
    await second.closed();
    await expectStreamsTo(first, owner, connectionId, 'after the other socket left');
    first.close();
    await first.closed();
    // With the owner's last socket gone, the id is free again.
    const next = await openOnceFree(t.baseUrl, connectionId, newVisitorId());
    expect(next.frames[0]?.type).toBe('connection_established');
    next.close();
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
