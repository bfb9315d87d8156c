import type { ArenaVotersResponse, CompareSession, LeaderboardResponse } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { drawPair } from './arena-battles.service';
import { boardWith, call, judge } from './arena.test-support';

const X = 'gpt-5';
const Y = 'gpt-5-mini';
const PAIR = [X, Y] as const;

describe('the arena board', () => {
  let t: ChatTestApp;
  beforeEach(async () => {
    t = await createChatTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  it('after a single blind vote both models are provisional, with wide intervals and one shared rank', async () => {
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'Name a prime', winner: X });
    const board = await boardWith(t.app, h, 'scope=global', 1);
    expect(board.total_votes).toBe(1);
    expect(board.entries.map((e) => e.model)).toEqual([X, Y]);
    for (const entry of board.entries) {
      expect(entry.provisional).toBe(true);
      expect(entry.rank).toBe(1);
      expect(entry.ci_high - entry.ci_low).toBeGreaterThan(200);
      expect(entry.ci_low).toBeLessThan(entry.rating);
      expect(entry.ci_high).toBeGreaterThan(entry.rating);
    }
    expect(board.entries[0]).toMatchObject({ votes: 1, wins: 1, win_rate: 1 });
    expect(board.computed_at).not.toBeNull();
  });

  it('only blind votes of accounts rank globally; the rest are shown as excluded, and own boards use every vote', async () => {
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    const visitor = visitorHeaders(newVisitorId());
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'One', winner: X });
    await judge(t.app, h, { models: PAIR, blind: false, prompt: 'Two', winner: X });
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'one ', winner: Y });
    await judge(t.app, visitor, { models: PAIR, blind: true, prompt: 'Three', winner: Y });
    const global = await boardWith(t.app, h, 'scope=global', 4);
    expect(global.total_votes).toBe(1);
    expect(global.excluded).toEqual({
      not_blind: 1,
      visitor: 1,
      daily_cap: 0,
      // "one " is "One" again, by the same account: its first verdict counts.
      duplicate_prompt: 1,
    });
    const mine = (await call<LeaderboardResponse>(t.app, 'GET', '/compare/leaderboard', h)).body;
    expect(mine.total_votes).toBe(3);
    expect(mine.entries.find((e) => e.model === X)).toMatchObject({ votes: 3, wins: 2 });
    const visitorsOwn = (
      await call<LeaderboardResponse>(t.app, 'GET', '/compare/leaderboard', visitor)
    ).body;
    expect(visitorsOwn.total_votes).toBe(1);
  });

  it("a visitor's blind votes wait apart and count once the visitor signs up", async () => {
    const visitorId = newVisitorId();
    await judge(t.app, visitorHeaders(visitorId), {
      models: PAIR,
      blind: true,
      prompt: 'Before sign-up',
      winner: Y,
    });
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    const apart = await boardWith(t.app, h, 'scope=global', 1);
    expect(apart.total_votes).toBe(0);
    expect(apart.excluded.visitor).toBe(1);
    const signedUp = bearer((await registerAndSignIn(t.app, { visitorId })).accessToken);
    // The sign-up puts the boards behind; the next computed board counts the vote.
    const global = async () =>
      (await call<LeaderboardResponse>(t.app, 'GET', '/compare/leaderboard?scope=global', signedUp))
        .body;
    await expect.poll(async () => (await global()).total_votes, { timeout: 10_000 }).toBe(1);
    expect((await global()).excluded.visitor).toBe(0);
  });

  it('ties and "both bad" pull the two models together; wins push them apart', async () => {
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    const gap = async () => {
      const board = (await call<LeaderboardResponse>(t.app, 'GET', '/compare/leaderboard', h)).body;
      const rating = (model: string) => board.entries.find((e) => e.model === model)?.rating ?? 0;
      return rating(X) - rating(Y);
    };
    for (const prompt of ['a', 'b', 'c'])
      await judge(t.app, h, { models: PAIR, blind: true, prompt, winner: X });
    const wins = await gap();
    expect(wins).toBeGreaterThan(0);
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'd', winner: 'tie' });
    const tied = await gap();
    expect(tied).toBeGreaterThan(0);
    expect(tied).toBeLessThan(wins);
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'e', winner: 'all_bad' });
    const bothBad = await gap();
    expect(bothBad).toBeLessThan(tied);
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'f', winner: Y });
    expect(await gap()).toBeLessThan(bothBad);
  });

  it('style control is a second fit with its own ranks, each board naming the other rank', async () => {
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'p', winner: Y });
    const styled = await boardWith(t.app, h, 'scope=global&style_control=true', 1);
    expect(styled.style_control).toBe(true);
    expect(styled.entries.map((e) => e.model).sort()).toEqual([X, Y]);
    for (const entry of styled.entries) expect(entry.other_rank).not.toBeNull();
  });

  it('an admin-chosen model sorts judged prompts into categories, and the board filters by them', async () => {
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    const admin = bearer((await registerAndSignIn(t.app, { admin: true })).accessToken);
    const settings = (classifier: string | null, headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/compare/arena/settings',
        headers,
        payload: { classifier_model: classifier },
      });
    expect((await settings(Y, h)).statusCode).toBe(403);
    expect((await settings('no-such-model', admin)).statusCode).toBe(422);
    expect((await settings(Y, admin)).json()).toEqual({ classifier_model: Y });

    await judge(t.app, h, {
      models: PAIR,
      blind: true,
      prompt: 'Write a python function that tests a prime',
      winner: Y,
    });
    await judge(t.app, h, { models: PAIR, blind: true, prompt: 'A haiku on rain', winner: X });
    const coding = await boardWith(t.app, h, 'scope=global&category=coding', 1);
    expect(coding).toMatchObject({ category: 'coding', total_votes: 1 });
    expect(coding.entries.find((e) => e.model === Y)?.wins).toBe(1);
    const creative = await boardWith(t.app, h, 'scope=global&category=creative_writing', 1);
    expect(creative.total_votes).toBe(1);
    expect(creative.entries.find((e) => e.model === X)?.wins).toBe(1);
    const language = (
      await call<LeaderboardResponse>(
        t.app,
        'GET',
        '/compare/leaderboard?scope=global&category=language',
        h,
      )
    ).body;
    expect(language.total_votes).toBe(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/compare/leaderboard?category=cooking',
          headers: h,
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('the arena across two processes', () => {
  let sim: ProviderSim;
  let t: TestAppPair;
  beforeAll(async () => {
    sim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 5, tokensPerSecond: 2_000, lengthTokens: 20 },
    });
    t = await createTestAppPair({
      env: {
        OPENAI_API_KEY: 'sk-test-arena',
        OPENAI_BASE_URL: sim.baseUrls.openai,
        ARENA_DAILY_VOTE_CAP: '2',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('the daily cap holds whichever process takes the votes; the votes over it are kept, shown as excluded', async () => {
    const user = await registerAndSignIn(t.a);
    const h = bearer(user.accessToken);
    const apps = [t.a, t.b, t.a, t.b];
    await Promise.all(
      apps.map((app, k) =>
        judge(app, h, { models: PAIR, blind: true, prompt: `cap ${k}`, winner: X }),
      ),
    );
    const global = await boardWith(t.b, h, 'scope=global', 4);
    expect(global.total_votes).toBe(2);
    expect(global.excluded.daily_cap).toBe(2);
    const fromA = await boardWith(t.a, h, 'scope=global', 4);
    expect(fromA.total_votes).toBe(2);
    // The voter's own board still counts all four.
    const mine = (await call<LeaderboardResponse>(t.a, 'GET', '/compare/leaderboard', h)).body;
    expect(mine.total_votes).toBe(4);

    const admin = bearer((await registerAndSignIn(t.a, { admin: true })).accessToken);
    expect(
      (await t.a.inject({ method: 'GET', url: '/api/v1/compare/arena/voters', headers: h }))
        .statusCode,
    ).toBe(403);
    const voters = (await call<ArenaVotersResponse>(t.b, 'GET', '/compare/arena/voters', admin))
      .body;
    expect(voters.voters.find((v) => v.user_id === user.user.id)).toMatchObject({
      votes: 4,
      votes_today: 4,
      flags: expect.arrayContaining(['high_volume']),
    });
    const csv = await t.b.inject({
      method: 'GET',
      url: '/api/v1/compare/leaderboard/votes?format=csv',
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.endsWith(',daily_cap'))).toHaveLength(2);
    const jsonl = await t.a.inject({
      method: 'GET',
      url: '/api/v1/compare/leaderboard/votes?format=jsonl',
      headers: admin,
    });
    const records = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { blind: boolean });
    expect(records).toHaveLength(4);
    expect(records.every((r) => r.blind)).toBe(true);
    expect(
      (await t.a.inject({ method: 'GET', url: '/api/v1/compare/leaderboard/votes', headers: h }))
        .statusCode,
    ).toBe(403);
  });
});

describe('random battles', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('start a blind session of two models the caller may use, revealed with the vote', async () => {
    const h = bearer((await registerAndSignIn(t.app)).accessToken);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/compare/battles',
      headers: h,
      payload: {},
    });
    expect(started.statusCode).toBe(201);
    const session = started.json<CompareSession>();
    expect(session).toMatchObject({ blind: true, revealed: false });
    expect(session.panels.map((p) => [p.label, p.model])).toEqual([
      ['Model A', null],
      ['Model B', null],
    ]);
  });

  it('draw the pairs the board knows least about more often', () => {
    const rated = new Map([
      ['a', { ci_low: 990, ci_high: 1010 }],
      ['b', { ci_low: 1100, ci_high: 1120 }],
    ]);
    const counts = new Map<string, number>();
    for (let k = 0; k < 3000; k += 1) {
      const pair = drawPair(['a', 'b', 'c'], rated, (bound) => Math.floor(Math.random() * bound));
      const key = pair.join('-');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // a–b: settled (narrow, apart); pairs with the unrated c: wide and unsettled.
    expect(counts.get('a-b') ?? 0).toBeLessThan((counts.get('a-c') ?? 0) / 10);
    expect(counts.get('b-c') ?? 0).toBeGreaterThan(500);
  });
});
