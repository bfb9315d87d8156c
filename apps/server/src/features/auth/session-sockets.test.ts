import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { AuthSessionListResponse, TokenResponse } from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import {
  bearer,
  outboxMails,
  registerAndSignIn,
  TEST_PASSWORD,
  type SignedInUser,
} from '../../../test/auth';
import { sendAndFollow, TestSocket } from '../../../test/chat';
import { CLOSE } from '../../realtime/close-codes';

// Two processes share events only through Redis; without it the pair is two separate services
// and every socket is opened on A.
const crossProcess = process.env.REDIS_URL !== undefined;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** One sign-in of an account: its access token, refresh token and session id. */
interface SignIn {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

/** A socket of one sign-in, with the connection id chat sends name to stream to it. */
interface OpenSocket {
  socket: TestSocket;
  connectionId: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('signing a session out closes exactly its websockets, in every process', () => {
  let sim: ProviderSim;
  let t: TestAppPair;
  let urlA: string;
  let urlB: string;
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    sim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 5, tokensPerSecond: 2_000, lengthTokens: 20 },
    });
    t = await createTestAppPair({
      env: { OPENAI_API_KEY: 'sk-test-sessions', OPENAI_BASE_URL: sim.baseUrls.openai },
    });
    urlA = await listen(t.a);
    urlB = await listen(t.b);
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const socket of opened.splice(0)) socket.close();
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  async function sessionIdOf(accessToken: string): Promise<string> {
    const res = await t.a.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(accessToken),
    });
    const current = AuthSessionListResponse.parse(res.json()).sessions.find((s) => s.current);
    if (!current) throw new Error('the caller’s session is not listed');
    return current.id;
  }

  async function signInAgain(email: string): Promise<SignIn> {
    const res = await t.a.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    const tokens = TokenResponse.parse(res.json());
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      sessionId: await sessionIdOf(tokens.access_token),
    };
  }

  /** An account signed in twice: its first and second session. */
  async function twoSignIns(): Promise<{ user: SignedInUser; first: SignIn; second: SignIn }> {
    const user = await registerAndSignIn(t.a);
    const first = {
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      sessionId: await sessionIdOf(user.accessToken),
    };
    return { user, first, second: await signInAgain(user.user.email) };
  }

  async function open(baseUrl: string, user: SignedInUser, signIn: SignIn): Promise<OpenSocket> {
    const connectionId = `conn_${randomUUID().replaceAll('-', '')}`;
    const socket = await TestSocket.open(baseUrl, connectionId, user.user.id, {
      token: signIn.accessToken,
    });
    opened.push(socket);
    return { socket, connectionId };
  }

  /** The socket still gets the live events of a send that names it. */
  async function expectStreaming(open: OpenSocket, signIn: SignIn): Promise<void> {
    expect(open.socket.closeCode).toBeUndefined();
    const { sent, tokens } = await sendAndFollow(
      open.socket,
      urlA,
      { ...bearer(signIn.accessToken), 'x-connection-id': open.connectionId },
      'still here',
    );
    expect(sent.status).toBe('streaming');
    expect(tokens.length).toBeGreaterThan(0);
  }

  const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
    t.a.inject({ method: 'POST', url: `/api/v1${path}`, payload, headers });

  it('Settings signing one session out closes its socket with 4401; the other session’s streams on', async () => {
    const { user, first, second } = await twoSignIns();
    const bystander = await registerAndSignIn(t.a);
    const bystanderSignIn = { ...bystander, sessionId: await sessionIdOf(bystander.accessToken) };
    const firstSocket = await open(crossProcess ? urlB : urlA, user, first);
    const secondSocket = await open(urlA, user, second);
    const bystanderSocket = await open(urlA, bystander, bystanderSignIn);

    const revoked = await t.a.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${first.sessionId}`,
      headers: bearer(second.accessToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect(await firstSocket.socket.closed()).toBe(CLOSE.authenticationFailed);

    // Give a stray close notice time to arrive before asserting it did not.
    await pause(200);
    await expectStreaming(secondSocket, second);
    expect(bystanderSocket.socket.closeCode).toBeUndefined();
  });

  it('signing out everywhere closes every socket of the account, in both processes', async () => {
    const { user, first, second } = await twoSignIns();
    const firstSocket = await open(urlA, user, first);
    const secondSocket = await open(crossProcess ? urlB : urlA, user, second);

    expect((await post('/auth/logout-all', {}, bearer(first.accessToken))).statusCode).toBe(200);
    expect(await firstSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
    expect(await secondSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
  });

  it('logout closes the sockets of the session logged out, and only those', async () => {
    const { user, first, second } = await twoSignIns();
    const firstSocket = await open(crossProcess ? urlB : urlA, user, first);
    const secondSocket = await open(urlA, user, second);

    expect((await post('/auth/logout', {}, bearer(first.accessToken))).statusCode).toBe(200);
    expect(await firstSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
    await pause(200);
    await expectStreaming(secondSocket, second);
  });

  it('logout by refresh token alone closes that session’s sockets', async () => {
    const { user, first, second } = await twoSignIns();
    const firstSocket = await open(crossProcess ? urlB : urlA, user, first);
    const secondSocket = await open(urlA, user, second);

    const res = await post('/auth/logout', { refresh_token: first.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(await firstSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
    await pause(200);
    expect(secondSocket.socket.closeCode).toBeUndefined();
  });

  it('a password change closes the other sessions’ sockets and keeps the caller’s', async () => {
    const { user, first, second } = await twoSignIns();
    const firstSocket = await open(crossProcess ? urlB : urlA, user, first);
    const callerSocket = await open(urlA, user, second);

    const changed = await post(
      '/auth/change-password',
      { current_password: TEST_PASSWORD, new_password: 'a-brand-new-passphrase' },
      bearer(second.accessToken),
    );
    expect(changed.statusCode).toBe(200);
    expect(await firstSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
    await pause(200);
    await expectStreaming(callerSocket, second);
  });

  it('a password reset closes every socket of the account', async () => {
    const { user, first, second } = await twoSignIns();
    const firstSocket = await open(urlA, user, first);
    const secondSocket = await open(crossProcess ? urlB : urlA, user, second);

    expect((await post('/auth/password-reset', { email: user.user.email })).statusCode).toBe(200);
    const mail = await vi.waitFor(() => {
      const found = outboxMails(t.a, user.user.email).findLast((m) => /reset/i.test(m.subject));
      if (!found) throw new Error('no reset mail yet');
      return found;
    });
    const link = /(http\S+\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
    const token = decodeURIComponent(new URL(link ?? '').searchParams.get('token') ?? '');
    const confirmed = await post('/auth/password-reset/confirm', {
      token,
      new_password: 'reset-to-this-phrase',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await firstSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
    expect(await secondSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
  });

  it('reuse of a rotated refresh token closes that session’s sockets, not the other session’s', async () => {
    const { user, first, second } = await twoSignIns();
    const firstSocket = await open(crossProcess ? urlB : urlA, user, first);
    const secondSocket = await open(urlA, user, second);

    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await post('/auth/refresh', { refresh_token: first.refreshToken })).statusCode).toBe(
      200,
    );
    // Past the retry grace: presenting the rotated token again is taken for theft.
    vi.setSystemTime(Date.now() + 11_000);
    expect((await post('/auth/refresh', { refresh_token: first.refreshToken })).statusCode).toBe(
      401,
    );
    expect(await firstSocket.socket.closed()).toBe(CLOSE.authenticationFailed);
    vi.useRealTimers();
    await pause(200);
    await expectStreaming(secondSocket, second);
  });
});
