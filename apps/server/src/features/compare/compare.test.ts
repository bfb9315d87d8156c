import type {
  AllocateIdResponse,
  CompareCheckLimitsResponse,
  CompareContinueResponse,
  CompareListResponse,
  ComparePanelSendResponse,
  CompareSession,
  Conversation,
  ConversationListResponse,
  HistoryResponse,
  LeaderboardResponse,
  RemainingMessagesResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { startFaultProxy, type FaultProxy } from './fault-proxy.test-support';

const MODELS = ['gpt-5', 'gpt-5-mini', 'claude-haiku-4-5'] as const;
const FAILING = 'claude-haiku-4-5';

describe('compare', () => {
  let t: ChatTestApp;
  let proxy: FaultProxy;

  beforeAll(async () => {
    // Anthropic goes through a proxy that breaks its first answer after 5 tokens.
    proxy = await startFaultProxy({ 'x-sim-fault': 'drop', 'x-sim-fault-after': '5' });
    t = await createChatTestApp({
      env: {
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: `${proxy.url}/v1`,
        VISITOR_DAILY_LIMIT: '4',
      },
      // Answers long enough (~100 ms) that a speed can be measured: a 10 ms answer can arrive
      // whole while its message is still being stored, leaving no span to divide by.
      simDefaults: { tokensPerSecond: 200 },
    });
    proxy.target = t.sim.url;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ): Promise<{ status: number; body: T }> => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };

  const newSession = async (
    h: Record<string, string>,
    models: readonly string[],
    blind = false,
  ) => {
    const ids = (
      await call<AllocateIdResponse>(
        'POST',
        '/chat/messages/allocate-id?allocate_comparison_id=true',
        h,
      )
    ).body;
    expect(ids.comparison_id).toBeDefined();
    const created = await call<CompareSession>('POST', '/compare/sessions', h, {
      comparison_id: ids.comparison_id,
      models,
      blind,
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(ids.comparison_id);
    return created.body;
  };

  const sendAll = (h: Record<string, string>, session: CompareSession, message: string) =>
    Promise.all(
      session.panels.map(async (panel) => {
        const ids = (await call<AllocateIdResponse>('POST', '/chat/messages/allocate-id', h)).body;
        return (
          await call<ComparePanelSendResponse>(
            'POST',
            `/compare/sessions/${session.id}/panels/${panel.index}/messages`,
            h,
            { message, message_id: ids.message_id },
          )
        ).body;
      }),
    );

  it('compares 3 models over provider-sim: every panel turn stored with its own status; the failed one retries alone', async () => {
    const user = await registerAndSignIn(t.app);
    const h = bearer(user.accessToken);
    proxy.failFirst = proxy.faulted + 1;
    const session = await newSession(h, MODELS);
    expect(session.panels.map((p) => p.model)).toEqual(MODELS);
    const before = (await call<RemainingMessagesResponse>('GET', '/chat/remaining-messages', h))
      .body;

    const sent = await sendAll(h, session, 'Explain caching');
    expect(sent.map((s) => s.status)).toEqual(['completed', 'completed', 'error']);

    const stored = (await call<CompareSession>('GET', `/compare/sessions/${session.id}`, h)).body;
    expect(stored.title).toBe('Explain caching');
    expect(stored.turns).toHaveLength(1);
    const [turn] = stored.turns;
    expect(turn?.prompt).toBe('Explain caching');
    const byPanel = new Map(turn?.answers.map((a) => [a.panel, a]));
    for (const panel of [0, 1]) {
      const answer = byPanel.get(panel);
      expect(answer).toMatchObject({ status: 'completed', error: null });
      expect(answer?.response?.length).toBeGreaterThan(10);
      expect(answer?.ttft_ms).toBeGreaterThanOrEqual(0);
      expect(answer?.tokens_per_second).toBeGreaterThan(0);
      expect(answer?.cost_usd).toBeGreaterThan(0);
    }
    expect(byPanel.get(2)?.status).toBe('error');
    expect(byPanel.get(2)?.error).toBeTruthy();

    // Retrying only the failed panel: same message id, the others untouched.
    const retried = await call<ComparePanelSendResponse>(
      'POST',
      `/compare/sessions/${session.id}/panels/2/messages`,
      h,
      { message: 'Explain caching', message_id: byPanel.get(2)?.message_id },
    );
    expect(retried.body.status).toBe('completed');
    const after = (await call<CompareSession>('GET', `/compare/sessions/${session.id}`, h)).body;
    expect(after.turns[0]?.answers.map((a) => a.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(after.turns[0]?.answers.map((a) => a.message_id)).toEqual(
      turn?.answers.map((a) => a.message_id),
    );
    // Three panels, three units: the failed attempt was refunded.
    const remaining = (await call<RemainingMessagesResponse>('GET', '/chat/remaining-messages', h))
      .body;
    expect((before.remaining_messages ?? 0) - (remaining.remaining_messages ?? 0)).toBe(3);

    // A follow-up continues each panel's own thread: panel 0's context holds its own answer only.
    await sendAll(h, after, 'And invalidation?');
    const followed = (await call<CompareSession>('GET', `/compare/sessions/${session.id}`, h)).body;
    expect(followed.turns).toHaveLength(2);
    const panel0Request = t.sim.requests.findLast(
      (r) => r.model === 'gpt-5' && JSON.stringify(r.body).includes('And invalidation?'),
    );
    const context = JSON.stringify(panel0Request?.body);
    expect(context).toContain(JSON.stringify(after.turns[0]?.answers[0]?.response));
    expect(context).not.toContain(JSON.stringify(after.turns[0]?.answers[1]?.response));

    // Comparisons stay out of the chat lists and have their own, searchable one.
    const chats = (await call<ConversationListResponse>('GET', '/chat/conversations/', h)).body;
    expect(chats.total).toBe(0);
    const list = (
      await call<CompareListResponse>('GET', '/compare/sessions?search=invalidation', h)
    ).body;
    expect(list.sessions.map((s) => s.id)).toEqual([session.id]);
    expect(list.sessions[0]).toMatchObject({
      turn_count: 2,
      panel_labels: ['GPT-5', 'GPT-5 mini', 'Claude Haiku 4.5'],
    });
    expect(
      (await call<CompareListResponse>('GET', '/compare/sessions?search=zebra', h)).body.total,
    ).toBe(0);

    // Vote, then the leaderboard ranks the winner first.
    expect(
      (await call('POST', `/compare/sessions/${session.id}/votes`, h, { turn_index: 0, winner: 5 }))
        .status,
    ).toBe(422);
    expect(
      (await call('POST', `/compare/sessions/${session.id}/votes`, h, { turn_index: 7, winner: 0 }))
        .status,
    ).toBe(422);
    const voted = await call<CompareSession>('POST', `/compare/sessions/${session.id}/votes`, h, {
      turn_index: 0,
      winner: 1,
    });
    expect(voted.body.turns[0]?.vote).toBe(1);
    await call('POST', `/compare/sessions/${session.id}/votes`, h, {
      turn_index: 1,
      winner: 'tie',
    });
    const board = (await call<LeaderboardResponse>('GET', '/compare/leaderboard?period=7d', h))
      .body;
    expect(board.total_votes).toBe(2);
    expect(board.entries.map((e) => e.model)[0]).toBe('gpt-5-mini');
    const mini = board.entries[0];
    expect(mini).toMatchObject({ rank: 1, votes: 2, wins: 1, win_rate: 0.5 });
    expect(mini?.ci_low).toBeLessThanOrEqual(mini?.rating ?? 0);
    expect(mini?.avg_ttft_ms).not.toBeNull();
    expect(mini?.avg_tokens_per_second).toBeGreaterThan(0);
    expect(mini?.avg_cost_usd).toBeGreaterThan(0);
    expect(board.entries.find((e) => e.model === FAILING)?.wins).toBe(0);

    // Continue with panel 1: a regular conversation holding that panel's thread.
    const continued = await call<CompareContinueResponse>(
      'POST',
      `/compare/sessions/${session.id}/continue`,
      h,
      { panel: 1 },
    );
    const conversationId = continued.body.conversation_id;
    const conversation = (
      await call<Conversation>('GET', `/chat/conversations/${conversationId}`, h)
    ).body;
    expect(conversation.kind).toBe('regular');
    const history = (
      await call<HistoryResponse>('GET', `/chat/messages?conversation_id=${conversationId}`, h)
    ).body;
    expect(history.messages.map((m) => m.content)).toEqual([
      'Explain caching',
      'And invalidation?',
    ]);
    expect(history.messages.map((m) => m.response)).toEqual(
      followed.turns.map((tn) => tn.answers[1]?.response),
    );
    expect(
      history.messages.every((m) => m.model === 'gpt-5-mini' && m.comparison_id === null),
    ).toBe(true);
  }, 30_000);

  it('blind mode hides models and prices until the vote, in every answer', async () => {
    const h = visitorHeaders(newVisitorId());
    const session = await newSession(h, ['gpt-5', 'claude-haiku-4-5'], true);
    proxy.failFirst = proxy.faulted;
    // provider-sim's answers name their model in the text (as real models may); what must not
    // leak is our metadata, so answer texts are left out of the check.
    const leaks = (json: unknown) =>
      /gpt|claude|anthropic|openai|haiku/i.test(
        JSON.stringify(json, (key, value: unknown) => (key === 'response' ? undefined : value)),
      );
    expect(session.blind).toBe(true);
    expect(session.revealed).toBe(false);
    expect(session.panels.map((p) => p.label)).toEqual(['Model A', 'Model B']);
    expect(leaks(session)).toBe(false);
    const sent = await sendAll(h, session, 'Name a colour');
    expect(leaks(sent)).toBe(false);
    const stored = (await call<CompareSession>('GET', `/compare/sessions/${session.id}`, h)).body;
    expect(stored.turns[0]?.answers.map((a) => a.status)).toEqual(['completed', 'completed']);
    expect(leaks(stored)).toBe(false);
    expect(
      stored.panels.every((p) => p.conversation_id === null && p.input_price_per_million === null),
    ).toBe(true);
    expect(leaks((await call('GET', '/compare/sessions', h)).body)).toBe(false);
    // The generic chat calls must not reveal a blind panel's model either.
    const panelTurns = async () => {
      const all = (
        await call<{ messages: unknown[] }>('GET', '/chat/messages?excludeComparisons=false', h)
      ).body;
      const conversations = (
        await call<{ conversations: { id: string }[] }>(
          'GET',
          '/chat/conversations?excludeComparisons=false',
          h,
        )
      ).body.conversations;
      const perConversation = await Promise.all(
        conversations.map(
          async (c) =>
            (
              await call(
                'GET',
                `/chat/messages?conversation_id=${c.id}&excludeComparisons=false`,
                h,
              )
            ).body,
        ),
      );
      return { all, perConversation };
    };
    const hidden = await panelTurns();
    expect(leaks(hidden)).toBe(false);
    expect(hidden.all.messages).toEqual([]);
    const limits = await call<CompareCheckLimitsResponse>('POST', '/compare/check-limits', h, {
      panels: 3,
    });
    expect(limits.body).toMatchObject({ can_send: false, needed: 3, remaining_messages: 2 });
    expect(
      (await call<CompareCheckLimitsResponse>('POST', '/compare/check-limits', h, { panels: 2 }))
        .body.can_send,
    ).toBe(true);

    const voted = (
      await call<CompareSession>('POST', `/compare/sessions/${session.id}/votes`, h, {
        turn_index: 0,
        winner: 'all_bad',
      })
    ).body;
    expect(voted.revealed).toBe(true);
    expect(voted.turns[0]?.vote).toBe('all_bad');
    expect(new Set(voted.panels.map((p) => p.model))).toEqual(
      new Set(['gpt-5', 'claude-haiku-4-5']),
    );
    expect(voted.panels.map((p) => p.label).sort()).toEqual(['Claude Haiku 4.5', 'GPT-5']);
    // Once revealed, the turns are ordinary history again.
    expect((await panelTurns()).all.messages).toHaveLength(2);
  });

  it('keeps owners apart (404); the global board is open to all and shows these votes as excluded', async () => {
    const owner = visitorHeaders(newVisitorId());
    const session = await newSession(owner, ['gpt-5', 'gpt-5-mini']);
    const user = await registerAndSignIn(t.app);
    const paths: ['GET' | 'POST', string, object?][] = [
      ['GET', `/compare/sessions/${session.id}`],
      [
        'POST',
        `/compare/sessions/${session.id}/panels/0/messages`,
        { message: 'hi', message_id: 'm-stranger' },
      ],
      ['POST', `/compare/sessions/${session.id}/votes`, { turn_index: 0, winner: 0 }],
      ['POST', `/compare/sessions/${session.id}/continue`, { panel: 0 }],
    ];
    for (const stranger of [visitorHeaders(newVisitorId()), bearer(user.accessToken)]) {
      for (const [method, url, body] of paths) {
        expect((await call(method, url, stranger, body)).status).toBe(404);
      }
      expect(
        (await call<CompareListResponse>('GET', '/compare/sessions', stranger)).body.total,
      ).toBe(0);
      // Re-using another owner's comparison id is no way in either.
      expect(
        (
          await call('POST', '/compare/sessions', stranger, {
            comparison_id: session.id,
            models: ['gpt-5', 'gpt-5-mini'],
          })
        ).status,
      ).toBe(404);
    }
    // A plain send naming the session (or one of its panels) is refused and stores nothing,
    // so the owner's search never finds the stranger's words.
    const panelConversation = (
      await call<CompareSession>('GET', `/compare/sessions/${session.id}`, owner)
    ).body.panels[0]?.conversation_id;
    for (const stranger of [visitorHeaders(newVisitorId()), bearer(user.accessToken)]) {
      for (const ids of [{ comparison_id: session.id }, { conversation_id: panelConversation }]) {
        const sent = await call('POST', '/chat/messages', stranger, {
          message: 'zebra crossing words',
          message_id: `m-${newVisitorId()}`,
          provider: 'openai',
          model: 'gpt-5-mini',
          ...ids,
        });
        expect(sent.status).toBe(404);
      }
      expect(
        (await call<HistoryResponse>('GET', '/chat/messages?excludeComparisons=false', stranger))
          .body.messages,
      ).toEqual([]);
    }
    expect(
      (await call<CompareListResponse>('GET', '/compare/sessions?search=zebra', owner)).body.total,
    ).toBe(0);
    expect(
      (await call<CompareSession>('GET', `/compare/sessions/${session.id}`, owner)).body.turns,
    ).toEqual([]);
    expect((await call('GET', '/compare/sessions', {})).status).toBe(401);
    const admin = await registerAndSignIn(t.app, { admin: true });
    const global = await call<LeaderboardResponse>(
      'GET',
      '/compare/leaderboard?scope=global&period=all',
      bearer(user.accessToken),
    );
    expect(global.status).toBe(200);
    // Every vote cast in this file so far, by anyone: none blind by an account, all shown excluded.
    expect(global.body.total_votes).toBe(0);
    const { excluded } = global.body;
    expect(excluded.not_blind + excluded.visitor).toBeGreaterThanOrEqual(3);
    expect(
      (await call<LeaderboardResponse>('GET', '/compare/leaderboard', bearer(admin.accessToken)))
        .body.total_votes,
    ).toBe(0);
    expect((await call('POST', '/compare/sessions', owner, { models: ['gpt-5'] })).status).toBe(
      422,
    );
    expect(
      (await call('POST', '/compare/sessions', owner, { models: ['gpt-5', 'nope'] })).status,
    ).toBe(422);
  });
});
