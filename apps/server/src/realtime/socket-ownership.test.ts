import { randomUUID } from 'node:crypto';
import type { WsAiStatus } from '@parallax/contract';
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

describe('websocket /ws/{connectionId}: who holds a connection id', () => {
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
});
