import type {
  HistoryResponse,
  MessageFeedback,
  MessageResponse,
  UsageResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../../test/chat';

describe('feedback: thumbs on answers, and the admin figures per model', () => {
  let t: ChatTestApp;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createChatTestApp({ env: { VISITOR_DAILY_LIMIT: '50' } });
    admin = await registerAndSignIn(t.app, { admin: true });
  });
  afterAll(() => t.close());

  const send = async (headers: Record<string, string>, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers,
      payload: sendBody('Rate me [sim tokens=3]', extra),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MessageResponse>();
  };
  const rate = (headers: Record<string, string>, id: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/chat/messages/${id}/feedback`,
      headers,
      payload,
    });
  const unrate = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/chat/messages/${id}/feedback`, headers });
  const feedbackIn = async (headers: Record<string, string>, conversationId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/chat/messages?conversation_id=${conversationId}`,
        headers,
      })
    ).json<HistoryResponse>().messages[0]?.feedback;

  it('sets, changes and removes one rating per answer, shown with history', async () => {
    const me = visitorHeaders(newVisitorId());
    const answer = await send(me);
    const down = await rate(me, answer.id, {
      rating: 'down',
      reason: 'inaccurate',
      comment: '  The date is wrong.  ',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json<MessageFeedback>()).toEqual({
      rating: 'down',
      reason: 'inaccurate',
      comment: 'The date is wrong.',
    });
    expect(await feedbackIn(me, answer.conversation_id)).toEqual(down.json());

    // Changed: still one rating, the reason gone with the thumbs-down.
    expect((await rate(me, answer.id, { rating: 'up' })).statusCode).toBe(200);
    expect(await feedbackIn(me, answer.conversation_id)).toEqual({
      rating: 'up',
      reason: null,
      comment: null,
    });
    const rows = await t.app.db
      .selectFrom('message_feedback')
      .selectAll()
      .where('message_id', '=', answer.id)
      .execute();
    expect(rows).toHaveLength(1);

    expect((await unrate(me, answer.id)).json()).toEqual({ deleted: true });
    expect(await feedbackIn(me, answer.conversation_id)).toBeNull();
    expect((await unrate(me, answer.id)).json()).toEqual({ deleted: false });
  });

  it("refuses bad input with the field named, and another owner's answer with 404", async () => {
    const me = visitorHeaders(newVisitorId());
    const answer = await send(me);
    const badRating = await rate(me, answer.id, { rating: 'meh' });
    expect(badRating.statusCode).toBe(422);
    expect(badRating.json<{ detail: string }>().detail).toContain('rating');
    const reasonOnUp = await rate(me, answer.id, { rating: 'up', reason: 'unsafe' });
    expect(reasonOnUp.statusCode).toBe(422);
    expect(reasonOnUp.json<{ detail: string }>().detail).toContain('reason');
    const long = await rate(me, answer.id, { rating: 'down', comment: 'x'.repeat(1_001) });
    expect(long.statusCode).toBe(422);
    expect(long.json<{ detail: string }>().detail).toContain('comment');

    const stranger = visitorHeaders(newVisitorId());
    expect((await rate(stranger, answer.id, { rating: 'up' })).statusCode).toBe(404);
    expect((await unrate(stranger, answer.id)).statusCode).toBe(404);
    expect((await rate({}, answer.id, { rating: 'up' })).statusCode).toBe(401);
  });

  it('gives admins up, down and the reasons per model for the usage period and filter', async () => {
    const demo = { provider: 'openai', model: 'parallax-demo' };
    const rated = [
      { extra: {}, body: { rating: 'up' } },
      { extra: {}, body: { rating: 'down', reason: 'incomplete' } },
      { extra: {}, body: { rating: 'down' } },
      { extra: demo, body: { rating: 'up' } },
    ];
    const before = await usage('');
    for (const { extra, body } of rated) {
      const me = visitorHeaders(newVisitorId());
      const answer = await send(me, extra);
      expect((await rate(me, answer.id, body)).statusCode).toBe(200);
    }
    const after = await usage('');
    const delta = (response: UsageResponse, model: string) => {
      const row = response.feedback.find((f) => f.model === model);
      return { up: row?.up ?? 0, down: row?.down ?? 0, reasons: row?.down_reasons ?? {} };
    };
    const sim = { now: delta(after, 'gpt-5-mini'), then: delta(before, 'gpt-5-mini') };
    expect(sim.now.up - sim.then.up).toBe(1);
    expect(sim.now.down - sim.then.down).toBe(2);
    expect((sim.now.reasons.incomplete ?? 0) - (sim.then.reasons.incomplete ?? 0)).toBe(1);
    expect((sim.now.reasons.none ?? 0) - (sim.then.reasons.none ?? 0)).toBe(1);
    expect(delta(after, 'parallax-demo').up - delta(before, 'parallax-demo').up).toBe(1);

    // The usage filter applies: one model only; a period before any answer has none.
    const filtered = await usage('?model=parallax-demo');
    expect(filtered.feedback.map((f) => f.model)).toEqual(['parallax-demo']);
    expect((await usage('?from=2020-01-01&to=2020-01-31')).feedback).toEqual([]);

    const user = await registerAndSignIn(t.app);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/usage',
      headers: bearer(user.accessToken),
    });
    expect(refused.statusCode).toBe(403);
  });

  async function usage(query: string): Promise<UsageResponse> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/usage${query}`,
      headers: bearer(admin.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UsageResponse>();
  }
});
