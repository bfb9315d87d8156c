import {
  MESSAGES,
  type HistoryResponse,
  type MessageResponse,
  type RemainingMessagesResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';

describe('sending a message without a socket (blocking)', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp({ env: { VISITOR_DAILY_LIMIT: '5' } });
  });
  afterAll(() => t.close());

  const send = (visitorId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: visitorHeaders(visitorId),
      payload: body,
    });

  it('answers with the whole response, a new conversation and the remaining count', async () => {
    const visitor = newVisitorId();
    const res = await send(visitor, sendBody('  Hello there, how are you?  '));
    expect(res.statusCode).toBe(200);
    const message = res.json<MessageResponse>();
    expect(message.status).toBe('completed');
    expect(message.message).toBe('Hello there, how are you?');
    expect(message.response?.length).toBeGreaterThan(10);
    expect(message.remaining_messages).toBe(4);
    expect(message.model_friendly_name).toBe('GPT-5 mini');
    expect(message.is_authenticated).toBe(false);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/messages?conversation_id=${message.conversation_id}`,
      headers: visitorHeaders(visitor),
    });
    const page = history.json<HistoryResponse>();
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({
      id: message.id,
      status: 'completed',
      response: message.response,
      content: message.message,
    });
    expect(page.messages[0]?.tokens).toBeGreaterThan(0);
  });

  it('refuses an empty text with the spec message and cuts long texts to 10,000 characters', async () => {
    const visitor = newVisitorId();
    const empty = await send(visitor, sendBody('   '));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ detail: MESSAGES.messageEmpty });
    const long = await send(visitor, sendBody(`${'a'.repeat(10_500)} [sim tokens=3]`));
    expect(long.statusCode).toBe(200);
    expect(long.json<MessageResponse>().message).toHaveLength(10_000);
  });

  it('continues a conversation with the earlier turns as context', async () => {
    const visitor = newVisitorId();
    const first = (await send(visitor, sendBody('My name is Ada.'))).json<MessageResponse>();
    t.sim.clearRequests();
    const second = await send(
      visitor,
      sendBody('What is my name?', { conversation_id: first.conversation_id }),
    );
    expect(second.statusCode).toBe(200);
    const upstream = t.sim.requests.at(-1)?.body as {
      messages: { role: string; content: unknown }[];
    };
    expect(upstream.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('refuses an unknown model, a model of another provider, and a conversation of someone else', async () => {
    const visitor = newVisitorId();
    expect((await send(visitor, sendBody('hi', { model: 'no-such-model' }))).statusCode).toBe(422);
    expect((await send(visitor, sendBody('hi', { provider: 'anthropic' }))).statusCode).toBe(422);
    const unconfigured = await send(
      visitor,
      sendBody('hi', { provider: 'anthropic', model: 'claude-haiku-4-5' }),
    );
    expect(unconfigured.statusCode).toBe(422);
    expect(unconfigured.json<{ detail: string }>().detail).toContain('ANTHROPIC_API_KEY');
    const other = (await send(newVisitorId(), sendBody('mine'))).json<MessageResponse>();
    const res = await send(visitor, sendBody('hi', { conversation_id: other.conversation_id }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: MESSAGES.conversationNotFound });
  });

  it('is idempotent: parallel duplicates give one answer and spend one unit', async () => {
    const visitor = newVisitorId();
    const body = sendBody('Only once please');
    t.sim.clearRequests();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(visitor, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const ids = new Set(answers.map((a) => a.json<MessageResponse>().id));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((a) => a.json<MessageResponse>().response)).size).toBe(1);
    expect(t.sim.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
    const remaining = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: visitorHeaders(visitor),
    });
    expect(remaining.json<RemainingMessagesResponse>()).toMatchObject({
      remaining_messages: 4,
      daily_limit: 5,
      is_authenticated: false,
    });
    const conversations = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/conversations/',
      headers: visitorHeaders(visitor),
    });
    expect(conversations.json<{ total: number }>().total).toBe(1);
  });

  it('never answers a refused send from its early upstream request, nor starts one once out of units', async () => {
    const visitor = newVisitorId();
    for (let n = 0; n < 5; n++)
      expect((await send(visitor, sendBody(`quick ${n} [sim tokens=2 ttft=0]`))).statusCode).toBe(
        200,
      );
    t.sim.clearRequests();
    const refused = await send(visitor, sendBody('one too many [sim tokens=50 ttft=5000]'));
    expect(refused.statusCode).toBe(429);
    // Whatever of it reached the upstream was hung up, not answered.
    expect(t.sim.requests.length).toBeLessThanOrEqual(1);
    await expect.poll(() => t.sim.requests.every((r) => r.outcome === 'client_closed')).toBe(true);
    // This process now knows the owner is out of units today: no upstream request at all.
    t.sim.clearRequests();
    expect((await send(visitor, sendBody('and again [sim ttft=5000]'))).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.sim.requests).toHaveLength(0);
  });

  it("times an answer by its tokens' arrival: from the request to the first, then to the last", async () => {
    const res = await send(newVisitorId(), sendBody('Time me [sim tokens=20 tps=100 ttft=80]'));
    const id = res.json<MessageResponse>().id;
    const row = await t.app.db
      .selectFrom('messages')
      .select(['ttft_ms', 'stream_ms'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.ttft_ms)).toBeGreaterThanOrEqual(70);
    // 19 gaps of 10 ms between 20 tokens, however late the generation read them.
    expect(Number(row.stream_ms)).toBeGreaterThanOrEqual(150);
    expect(Number(row.stream_ms)).toBeLessThan(2_000);
  });

  it('answers with the offline demo model without any provider key', async () => {
    const res = await send(
      newVisitorId(),
      sendBody('Hello demo [sim tokens=5 ttft=0]', { provider: 'openai', model: 'parallax-demo' }),
    );
    expect(res.json<MessageResponse>()).toMatchObject({
      status: 'completed',
      model: 'parallax-demo',
      model_friendly_name: 'Offline demo (simulated)',
    });
    expect(res.json<MessageResponse>().response?.length).toBeGreaterThan(0);
  });

  it('does not let another owner reuse a message id', async () => {
    const body = sendBody('private');
    expect((await send(newVisitorId(), body)).statusCode).toBe(200);
    expect((await send(newVisitorId(), body)).statusCode).toBe(404);
  });

  it('allocates ids, with a comparison id on request', async () => {
    const visitor = newVisitorId();
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages/allocate-id',
      headers: visitorHeaders(visitor),
    });
    expect(Object.keys(plain.json())).toEqual(['message_id']);
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages/allocate-id?allocate_comparison_id=true',
      headers: visitorHeaders(visitor),
    });
    expect(both.json()).toEqual({
      message_id: expect.any(String),
      comparison_id: expect.any(String),
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages/allocate-id',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('names a new conversation after its first message, in the background', async () => {
    const visitor = newVisitorId();
    const message = (
      await send(visitor, sendBody('How do I bake sourdough bread at home? Any tips.'))
    ).json<MessageResponse>();
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/v1/chat/conversations/${message.conversation_id}`,
              headers: visitorHeaders(visitor),
            })
          ).json<{ title: string }>().title,
      )
      .toBe('How do I bake sourdough bread at home');
  });
});
