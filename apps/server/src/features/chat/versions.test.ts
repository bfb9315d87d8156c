import type {
  ConversationListResponse,
  HistoryResponse,
  MessageResponse,
} from '@parallax/contract';
import { startProviderSim, type ProviderSim, type SimRequestRecord } from '@parallax/provider-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { createTestAppPair, type TestAppPair } from '../../../test/app';

const TOKENS = ' [sim tokens=2]';

/** The texts of one upstream request, by role (the system prompt left out). */
function upstreamTurns(record: SimRequestRecord): { user: string[]; assistant: number } {
  const body = record.body as { messages: { role: string; content: unknown }[] };
  const text = (content: unknown) =>
    typeof content === 'string' ? content : JSON.stringify(content);
  return {
    user: body.messages
      .filter((m) => m.role === 'user')
      .map((m) => text(m.content).replace(TOKENS, '')),
    assistant: body.messages.filter((m) => m.role === 'assistant').length,
  };
}

describe('versions: regenerate and edit make siblings, history follows the current branch', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp({ env: { VISITOR_DAILY_LIMIT: '50' } });
  });
  afterAll(() => t.close());

  const send = async (
    headers: Record<string, string>,
    text: string,
    extra: Record<string, unknown> = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers,
      payload: sendBody(`${text}${TOKENS}`, extra),
    });
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json<MessageResponse>();
    const upstream = await t.sim.waitForRequest(
      (r) => upstreamTurns(r).user.at(-1) === text && r.endedAt !== undefined,
    );
    return { message, upstream: upstreamTurns(upstream) };
  };
  const history = async (headers: Record<string, string>, conversationId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/messages?conversation_id=${conversationId}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HistoryResponse>();
  };
  const select = (headers: Record<string, string>, messageId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/chat/messages/${messageId}/select`, headers });
  const branch = (page: HistoryResponse) => page.messages.map((m) => m.content.replace(TOKENS, ''));

  it('regenerate and edit add versions of a turn; the model is sent the current branch only', async () => {
    const h = visitorHeaders(newVisitorId());
    const first = (await send(h, 'v-first')).message;
    const c = first.conversation_id;
    const second = (await send(h, 'v-second', { conversation_id: c })).message;

    // Regenerate: the same question again, as a version of the second turn.
    const regenerated = await send(h, 'v-second', { conversation_id: c, version_of: second.id });
    expect(regenerated.upstream).toEqual({ user: ['v-first', 'v-second'], assistant: 1 });
    expect(regenerated.message.remaining_messages).toBe(47);
    let page = await history(h, c);
    expect(page.messages.map((m) => m.id)).toEqual([first.id, regenerated.message.id]);
    expect(page.messages[1]).toMatchObject({
      parent_id: first.id,
      sibling_ids: [second.id, regenerated.message.id],
      sibling_index: 1,
    });
    expect(page.messages[0]).toMatchObject({
      parent_id: null,
      sibling_ids: [first.id],
      sibling_index: 0,
    });

    const third = (await send(h, 'v-third', { conversation_id: c })).message;

    // Edit and resend of the second turn: a new branch without the third turn.
    const edited = await send(h, 'v-second edited', {
      conversation_id: c,
      version_of: regenerated.message.id,
    });
    expect(edited.upstream).toEqual({ user: ['v-first', 'v-second edited'], assistant: 1 });
    page = await history(h, c);
    expect(branch(page)).toEqual(['v-first', 'v-second edited']);
    expect(page.messages[1]?.sibling_ids).toEqual([
      second.id,
      regenerated.message.id,
      edited.message.id,
    ]);

    const fourth = await send(h, 'v-fourth', { conversation_id: c });
    expect(fourth.upstream).toEqual({
      user: ['v-first', 'v-second edited', 'v-fourth'],
      assistant: 2,
    });

    // Switching back shows the version and what followed it then; a reload shows the same.
    page = (await select(h, regenerated.message.id)).json<HistoryResponse>();
    expect(page.messages.map((m) => m.id)).toEqual([first.id, regenerated.message.id, third.id]);
    expect(branch(await history(h, c))).toEqual(['v-first', 'v-second', 'v-third']);
    const next = await send(h, 'v-after third', { conversation_id: c });
    expect(next.upstream).toEqual({
      user: ['v-first', 'v-second', 'v-third', 'v-after third'],
      assistant: 3,
    });

    page = (await select(h, edited.message.id)).json<HistoryResponse>();
    expect(branch(page)).toEqual(['v-first', 'v-second edited', 'v-fourth']);
    page = (await select(h, second.id)).json<HistoryResponse>();
    expect(branch(page)).toEqual(['v-first', 'v-second']);
    expect(page.messages[1]).toMatchObject({ sibling_index: 0 });

    // Every send, regenerate and edit spent one unit.
    expect(page.remaining_messages).toBe(50 - 7);
  });

  it('versions are grouped by question: an edit is a question version, a regenerate an answer version of it', async () => {
    const h = visitorHeaders(newVisitorId());
    const asked = (await send(h, 'g-question')).message;
    const c = asked.conversation_id;
    const regenerated = (await send(h, 'g-question', { conversation_id: c, version_of: asked.id }))
      .message;
    let turn = (await history(h, c)).messages[0];
    expect(turn).toMatchObject({
      id: regenerated.id,
      sibling_ids: [asked.id, regenerated.id],
      sibling_index: 1,
      question_version_ids: [regenerated.id],
      question_version_index: 0,
      answer_sibling_ids: [asked.id, regenerated.id],
      answer_sibling_index: 1,
    });

    // The edit is a second question with one answer; the first question is named by the
    // answer shown last for it.
    const edited = (
      await send(h, 'g-question edited', { conversation_id: c, version_of: regenerated.id })
    ).message;
    turn = (await history(h, c)).messages[0];
    expect(turn).toMatchObject({
      id: edited.id,
      sibling_ids: [asked.id, regenerated.id, edited.id],
      sibling_index: 2,
      question_version_ids: [regenerated.id, edited.id],
      question_version_index: 1,
      answer_sibling_ids: [edited.id],
      answer_sibling_index: 0,
    });

    // Regenerating the edited question counts among its answers only.
    const editedAgain = (
      await send(h, 'g-question edited', { conversation_id: c, version_of: edited.id })
    ).message;
    turn = (await history(h, c)).messages[0];
    expect(turn).toMatchObject({
      id: editedAgain.id,
      sibling_index: 3,
      question_version_ids: [regenerated.id, editedAgain.id],
      question_version_index: 1,
      answer_sibling_ids: [edited.id, editedAgain.id],
      answer_sibling_index: 1,
    });

    // Choosing the first question shows its answer shown last, with that answer's text.
    let page = (await select(h, regenerated.id)).json<HistoryResponse>();
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({
      id: regenerated.id,
      content: `g-question${TOKENS}`,
      response: regenerated.response,
      question_version_ids: [regenerated.id, editedAgain.id],
      question_version_index: 0,
      answer_sibling_ids: [asked.id, regenerated.id],
      answer_sibling_index: 1,
    });
    expect(regenerated.response).toBeTruthy();

    // The answer chosen within a question is the one its question version goes back to.
    page = (await select(h, asked.id)).json<HistoryResponse>();
    expect(page.messages[0]).toMatchObject({
      question_version_ids: [asked.id, editedAgain.id],
      answer_sibling_ids: [asked.id, regenerated.id],
      answer_sibling_index: 0,
    });
    expect((await select(h, editedAgain.id)).statusCode).toBe(200);
    page = (await select(h, edited.id)).json<HistoryResponse>();
    expect(page.messages[0]).toMatchObject({
      id: edited.id,
      question_version_ids: [asked.id, edited.id],
      question_version_index: 1,
      answer_sibling_ids: [edited.id, editedAgain.id],
      answer_sibling_index: 0,
    });
    page = (await select(h, asked.id)).json<HistoryResponse>();
    expect(page.messages[0]?.question_version_ids).toEqual([asked.id, edited.id]);
    expect((await history(h, c)).messages[0]?.id).toBe(asked.id);

    // Another owner cannot choose a question version of this turn.
    expect((await select(visitorHeaders(newVisitorId()), edited.id)).statusCode).toBe(404);
    expect((await history(h, c)).messages[0]?.id).toBe(asked.id);
  });

  it('a failed or cancelled answer regenerated becomes a version, not a second turn', async () => {
    const h = visitorHeaders(newVisitorId());
    const first = (await send(h, 'f-first')).message;
    const c = first.conversation_id;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: h,
      payload: sendBody('f-broken [sim fault=503]', { conversation_id: c }),
    });
    const broken = failed.json<MessageResponse>();
    expect(broken.status).toBe('error');
    const again = (await send(h, 'f-broken', { conversation_id: c, version_of: broken.id }))
      .message;
    const page = await history(h, c);
    expect(page.messages.map((m) => m.id)).toEqual([first.id, again.id]);
    expect(page.messages[1]?.sibling_ids).toEqual([broken.id, again.id]);
  });

  it('search finds text that only an older version holds', async () => {
    const h = visitorHeaders(newVisitorId());
    const first = (await send(h, 's-ZEPHYRINE question')).message;
    await send(h, 's-plain question', {
      conversation_id: first.conversation_id,
      version_of: first.id,
    });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/conversations/?search=zephyrine',
      headers: h,
    });
    expect(found.json<ConversationListResponse>().conversations.map((c) => c.id)).toEqual([
      first.conversation_id,
    ]);
  });

  it("another owner's message or conversation is not found", async () => {
    const owner = visitorHeaders(newVisitorId());
    const other = visitorHeaders(newVisitorId());
    const mine = (await send(owner, 'o-mine')).message;
    const theirs = (await send(other, 'o-theirs')).message;

    expect((await select(other, mine.id)).statusCode).toBe(404);
    const versionOfMine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: other,
      payload: sendBody('o-steal', {
        conversation_id: theirs.conversation_id,
        version_of: mine.id,
      }),
    });
    expect(versionOfMine.statusCode).toBe(404);
    const intoMine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: other,
      payload: sendBody('o-steal', { conversation_id: mine.conversation_id, version_of: mine.id }),
    });
    expect(intoMine.statusCode).toBe(404);
    // A version names its own conversation.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: owner,
      payload: sendBody('o-other chat', { version_of: mine.id }),
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json<{ detail: string }>().detail).toMatch(/^version_of: /);
    expect(branch(await history(owner, mine.conversation_id))).toEqual(['o-mine']);
  });
});

describe('versions across processes', () => {
  let sim: ProviderSim;
  let pair: TestAppPair;
  beforeAll(async () => {
    sim = await startProviderSim({
      port: 0,
      host: '127.0.0.1',
      defaults: { ttftMs: 5, tokensPerSecond: 2_000 },
    });
    pair = await createTestAppPair({
      env: { OPENAI_API_KEY: 'sk-test-versions', OPENAI_BASE_URL: sim.baseUrls.openai },
    });
  });
  afterAll(async () => {
    await pair.close();
    await sim.close();
  });

  it('a version made or chosen on one process is the branch the other shows and continues', async () => {
    const h = visitorHeaders(newVisitorId());
    const post = (app: TestAppPair['a'], text: string, extra: Record<string, unknown> = {}) =>
      app
        .inject({
          method: 'POST',
          url: '/api/v1/chat/messages',
          headers: h,
          payload: sendBody(`${text}${TOKENS}`, extra),
        })
        .then((r) => r.json<MessageResponse>());
    const first = await post(pair.a, 'p-first');
    const c = first.conversation_id;
    const second = await post(pair.b, 'p-second', { conversation_id: c, version_of: first.id });
    const historyOn = (app: TestAppPair['a']) =>
      app
        .inject({ method: 'GET', url: `/api/v1/chat/messages?conversation_id=${c}`, headers: h })
        .then((r) => r.json<HistoryResponse>().messages.map((m) => m.id));
    expect(await historyOn(pair.a)).toEqual([second.id]);
    await pair.a.inject({
      method: 'POST',
      url: `/api/v1/chat/messages/${first.id}/select`,
      headers: h,
    });
    expect(await historyOn(pair.b)).toEqual([first.id]);
    const next = await post(pair.b, 'p-next', { conversation_id: c });
    expect(await historyOn(pair.a)).toEqual([first.id, next.id]);
  });
});
