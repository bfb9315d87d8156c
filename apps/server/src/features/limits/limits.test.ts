import type {
  LimitsResponse,
  MessageResponse,
  RemainingMessagesResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { LimitsRepository } from './limits.repository';
import { LIMIT_EXCEEDED_DETAIL, LimitsService, nextUsageDay, usageDay } from './limits.service';

const LIMIT = 3;

/** The allowance renews at the UTC day boundary, whatever the server's own time zone. */
function nextUtcMidnight(now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return day.toISOString();
}

describe('daily limits', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp({
      env: { VISITOR_DAILY_LIMIT: String(LIMIT), FREE_DAILY_LIMIT: '7' },
    });
  });
  afterAll(() => t.close());

  const send = (headers: Record<string, string>, text = 'hi [sim tokens=2]') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers,
      payload: sendBody(text),
    });

  it('spends exactly N units when N+5 sends race, and refuses the rest with 429', async () => {
    const h = visitorHeaders(newVisitorId());
    const results = await Promise.all(Array.from({ length: LIMIT + 5 }, () => send(h)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json()).toMatchObject({
      error: 'limit_exceeded',
      detail: LIMIT_EXCEEDED_DETAIL,
    });
    // Read when each answer ends, so after the parallel spends: never more than was left.
    for (const r of ok)
      expect(r.json<MessageResponse>().remaining_messages).toBeLessThanOrEqual(LIMIT - 1);
    const remaining = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: h,
    });
    expect(remaining.json<RemainingMessagesResponse>()).toEqual({
      remaining_messages: 0,
      daily_limit: LIMIT,
      is_authenticated: false,
      resets_at: nextUtcMidnight(),
      free_daily_limit: 7,
    });
    // Refused sends leave nothing behind.
    const conversations = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/conversations/',
      headers: h,
    });
    expect(conversations.json<{ total: number }>().total).toBe(LIMIT);
  });

  it('gives signed-in users FREE_DAILY_LIMIT', async () => {
    const user = await registerAndSignIn(t.app);
    const res = await send(bearer(user.accessToken));
    expect(res.json<MessageResponse>()).toMatchObject({
      remaining_messages: 6,
      is_authenticated: true,
    });
  });

  it("carries a visitor's spending into the account they sign in to, on top of the account's", async () => {
    const visitorId = newVisitorId();
    for (let i = 0; i < 2; i++) await send(visitorHeaders(visitorId));
    const user = await registerAndSignIn(t.app, { visitorId });
    const remaining = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: bearer(user.accessToken),
    });
    expect(remaining.json<RemainingMessagesResponse>().remaining_messages).toBe(7 - 2);
  });

  it('check-limits says whether the caller may send now, with this model', async () => {
    const h = visitorHeaders(newVisitorId());
    const check = (body: Record<string, unknown>) =>
      t.app
        .inject({ method: 'POST', url: '/api/v1/chat/check-limits', headers: h, payload: body })
        .then((r) => r.json<LimitsResponse>());
    expect(await check({ provider: 'openai', model: 'gpt-5-mini' })).toEqual({
      can_send_message: true,
      remaining_messages: LIMIT,
      daily_limit: LIMIT,
      is_authenticated: false,
      resets_at: nextUtcMidnight(),
      free_daily_limit: 7,
    });
    expect(
      (await check({ provider: 'anthropic', model: 'claude-haiku-4-5' })).can_send_message,
    ).toBe(false);
    for (let i = 0; i < LIMIT; i++) await send(h);
    expect(await check({ provider: 'openai', model: 'gpt-5-mini' })).toMatchObject({
      can_send_message: false,
      remaining_messages: 0,
    });
  });

  it('gives the unit back when the upstream fails', async () => {
    const h = visitorHeaders(newVisitorId());
    const failed = await send(h, 'hi [sim fault=500]');
    expect(failed.json<MessageResponse>().status).toBe('error');
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: '/api/v1/chat/remaining-messages',
              headers: h,
            })
          ).json<RemainingMessagesResponse>().remaining_messages,
      )
      .toBe(LIMIT);
  });

  it('remembers a refusal as a hint for the rest of the UTC day, forgotten on a refund', async () => {
    const limits = new LimitsService(
      new LimitsRepository(t.app.db),
      { visitorDaily: 1, freeDaily: 1 },
      t.app.plans,
    );
    const owner = { kind: 'visitor', id: newVisitorId() } as const;
    const noon = new Date('2030-05-01T12:00:00Z');
    expect(limits.mayHaveAllowance(owner, noon)).toBe(true);
    await limits.spend(owner, noon);
    expect(limits.mayHaveAllowance(owner, noon)).toBe(true);
    await expect(limits.spend(owner, noon)).rejects.toMatchObject({ code: 'limit_exceeded' });
    // Shared with the same rules over a transaction, where sends spend.
    expect(limits.within(t.app.db).mayHaveAllowance(owner, noon)).toBe(false);
    expect(limits.mayHaveAllowance({ kind: 'visitor', id: newVisitorId() }, noon)).toBe(true);
    expect(limits.mayHaveAllowance(owner, new Date('2030-05-02T00:00:01Z'))).toBe(true);
    await limits.refund(owner, '2030-05-01');
    expect(limits.mayHaveAllowance(owner, noon)).toBe(true);
  });

  it('counts per UTC day, renewed at the next 00:00 UTC', () => {
    expect(usageDay(new Date('2025-03-01T23:59:59.999Z'))).toBe('2025-03-01');
    expect(usageDay(new Date('2025-03-02T00:00:00.000Z'))).toBe('2025-03-02');
    expect(nextUsageDay(new Date('2025-02-28T23:59:59.999Z')).toISOString()).toBe(
      '2025-03-01T00:00:00.000Z',
    );
    expect(nextUsageDay(new Date('2025-12-31T00:00:00.000Z')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});
