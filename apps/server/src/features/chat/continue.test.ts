import { randomUUID } from 'node:crypto';
import type {
  HistoryResponse,
  MessageResponse,
  RemainingMessagesResponse,
} from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
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
} from '../../../test/chat';
import { CONTINUE_INSTRUCTION } from './generation/upstream-answer';

interface UpstreamBody {
  messages: { role: string; content: unknown }[];
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: string }) => part.text ?? '').join('')
      : '';

describe('continue: a stopped, cut or broken-off answer grows', () => {
  let t: ChatTestApp;
  let anthropicSim: ProviderSim;
  beforeAll(async () => {
    anthropicSim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 5, tokensPerSecond: 2_000, lengthTokens: 20 },
    });
    t = await createChatTestApp({
      env: {
        VISITOR_DAILY_LIMIT: '6',
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: anthropicSim.baseUrls.anthropic,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await anthropicSim.close();
  });

  const turn = async (headers: Record<string, string>, conversationId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/chat/messages?conversation_id=${conversationId}`,
        headers,
      })
    ).json<HistoryResponse>().messages[0];
  const remaining = async (headers: Record<string, string>) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/chat/remaining-messages', headers })
    ).json<RemainingMessagesResponse>().remaining_messages ?? 0;
  const continueAnswer = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/chat/messages/${id}/continue`, headers });

  /** A slow answer stopped after a few tokens, over a socket. */
  async function stoppedAnswer(visitor: string, extra: Record<string, unknown> = {}) {
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const headers = visitorHeaders(visitor, connectionId);
    const sent = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          headers,
          sendBody('Tell a long story [sim tokens=300 tps=150]', extra),
        )
      ).json,
    );
    await socket.waitFor((f) => f.type === 'ai_token' && f.sequence >= 3);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/cancel',
      headers,
      payload: { message_id: sent.id },
    });
    return { sent, socket, headers };
  }

  it('continues a stopped answer over the socket: the stored answer grows, one message spent', async () => {
    const visitor = newVisitorId();
    const { sent, socket, headers } = await stoppedAnswer(visitor);
    const stopped = await turn(headers, sent.conversation_id);
    expect(stopped?.status).toBe('cancelled');
    const partial = stopped?.response ?? '';
    expect(partial.length).toBeGreaterThan(0);
    const before = await remaining(headers);
    const framesBefore = socket.frames.length;

    const res = await continueAnswer(headers, sent.id);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<MessageResponse>();
    expect(started).toMatchObject({ id: sent.id, status: 'streaming', response: null });
    expect(started.remaining_messages).toBe(before - 1);
    await expect
      .poll(async () => (await turn(headers, sent.conversation_id))?.status, { timeout: 10_000 })
      .toBe('completed');
    const stored = await turn(headers, sent.conversation_id);
    expect(stored?.status).toBe('completed');
    expect(stored?.response?.startsWith(partial)).toBe(true);
    expect(stored?.response?.length).toBeGreaterThan(partial.length);
    // The continuation's stream starts with the answer so far: replayed from the start, it
    // shows the whole answer.
    const isToken = (f: (typeof socket.frames)[number]) =>
      f.type === 'ai_token' && f.message_id === sent.id;
    const startOf = () =>
      socket.frames.findLastIndex((f) => isToken(f) && f.type === 'ai_token' && f.sequence === 1);
    await socket.waitFor(
      (f) =>
        isToken(f) &&
        f.type === 'ai_token' &&
        f.is_complete &&
        socket.frames.indexOf(f) > Math.max(startOf(), framesBefore),
    );
    const after = socket.frames
      .slice(framesBefore)
      .flatMap((f) => (f.type === 'ai_token' && f.message_id === sent.id ? [f] : []));
    // The stopped stream's last frames may arrive late: the continuation starts at sequence 1.
    const streamed = after.slice(after.findLastIndex((f) => f.sequence === 1));
    expect(streamed[0]?.token).toBe(partial);
    expect(streamed.map((f) => f.token).join('')).toBe(stored?.response);
    expect(await remaining(headers)).toBe(before - 1);

    // The upstream got the partial answer, then the instruction (OpenAI cannot be prefilled).
    const upstream = t.sim.requests.at(-1)?.body as UpstreamBody;
    const last = upstream.messages.slice(-2);
    expect(last.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(textOf(last[0]?.content)).toBe(partial);
    expect(textOf(last[1]?.content)).toBe(CONTINUE_INSTRUCTION);
    socket.close();
  });

  it('a resume sent the moment the reply arrives replays the continuation, never the stopped attempt', async () => {
    const visitor = newVisitorId();
    const { sent, socket } = await stoppedAnswer(visitor);
    socket.close();
    const partial = (await turn(visitorHeaders(visitor), sent.conversation_id))?.response ?? '';
    // A socket with none of the stopped attempt's live frames: all it gets is the replay.
    const connectionId = randomUUID();
    const late = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const res = await continueAnswer(visitorHeaders(visitor, connectionId), sent.id);
    expect(res.statusCode, res.body).toBe(200);
    late.send({ type: 'resume', message_id: sent.id, last_sequence: 0 });
    await late.waitFor((f) => f.type === 'ai_token' && f.message_id === sent.id && f.is_complete);
    const mine = late.frames.filter((f) => 'message_id' in f && f.message_id === sent.id);
    expect(mine.some((f) => f.type === 'ai_status' && f.details === 'cancelled')).toBe(false);
    // Live frames and the replay overlap; a client keeps one of each sequence.
    const bySequence = new Map(
      mine.flatMap((f) => (f.type === 'ai_token' ? [[f.sequence, f] as const] : [])),
    );
    const tokens = [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
    expect(tokens[0]).toMatchObject({ sequence: 1, token: partial });
    const stored = await turn(visitorHeaders(visitor), sent.conversation_id);
    expect(tokens.map((f) => f.token).join('')).toBe(stored?.response);
    late.close();
  });

  it('prefills Anthropic with the partial answer as the last message', async () => {
    const visitor = newVisitorId();
    const anthropic = { provider: 'anthropic', model: 'claude-haiku-4-5' };
    const { sent, socket } = await stoppedAnswer(visitor, anthropic);
    socket.close();
    const headers = visitorHeaders(visitor);
    const partial = (await turn(headers, sent.conversation_id))?.response ?? '';
    // Without a live socket the reply waits for the whole answer.
    const res = await continueAnswer(headers, sent.id);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<MessageResponse>();
    expect(done.status).toBe('completed');
    expect(done.response?.startsWith(partial)).toBe(true);
    const body = anthropicSim.requests.at(-1)?.body as UpstreamBody;
    const last = body.messages.at(-1);
    expect(last?.role).toBe('assistant');
    expect(textOf(last?.content)).toBe(partial.trimEnd());
  });

  it('continues an answer cut by its output limit, and refuses what cannot be continued', async () => {
    const visitor = newVisitorId();
    const headers = visitorHeaders(visitor);
    const sent = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/messages',
        headers,
        payload: sendBody('Short [sim tokens=5]'),
      })
    ).json<MessageResponse>();
    expect(sent.status).toBe('completed');
    const complete = await continueAnswer(headers, sent.id);
    expect(complete.statusCode).toBe(409);
    expect(complete.json<{ detail: string }>().detail).toMatch(/complete/);
    expect((await turn(headers, sent.conversation_id))?.cut_off).toBe(false);

    await t.app.db
      .updateTable('messages')
      .set({ finish_reason: 'length' })
      .where('id', '=', sent.id)
      .execute();
    expect((await turn(headers, sent.conversation_id))?.cut_off).toBe(true);
    // Another owner, a missing id, a malformed id.
    expect((await continueAnswer(visitorHeaders(newVisitorId()), sent.id)).statusCode).toBe(404);
    expect((await continueAnswer(headers, randomUUID())).statusCode).toBe(404);
    const cut = await continueAnswer(headers, sent.id);
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json<MessageResponse>().response?.startsWith(sent.response ?? '')).toBe(true);

    // Nothing written yet: retry, not continue.
    const empty = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/messages',
        headers,
        payload: sendBody('Broken [sim fault=500]'),
      })
    ).json<MessageResponse>();
    expect(empty.status).toBe('error');
    const refused = await continueAnswer(headers, empty.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toMatch(/retry/);
  });

  it('refuses a running answer (409) and a spent allowance (429, nothing changed)', async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const headers = visitorHeaders(visitor, connectionId);
    const running = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          headers,
          sendBody('Running [sim tokens=400 tps=60]'),
        )
      ).json,
    );
    const busy = await continueAnswer(headers, running.id);
    expect(busy.statusCode).toBe(409);
    await socket.waitFor((f) => f.type === 'ai_token' && f.sequence >= 3);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/cancel',
      headers,
      payload: { message_id: running.id },
    });
    socket.close();
    // Spend the rest of the day's messages.
    while ((await remaining(headers)) > 0)
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/messages',
        headers: visitorHeaders(visitor),
        payload: sendBody('Filler [sim tokens=2]'),
      });
    const before = await turn(headers, running.conversation_id);
    const limited = await continueAnswer(visitorHeaders(visitor), running.id);
    expect(limited.statusCode).toBe(429);
    expect(await turn(headers, running.conversation_id)).toEqual(before);
  });
});
