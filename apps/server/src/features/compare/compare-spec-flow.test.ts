import { randomUUID } from 'node:crypto';
import type {
  AllocateIdResponse,
  CompareSession,
  ErrorBody,
  MessageResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  postJson,
  TestSocket,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';

/**
 * A client that knows only the spec (§7): allocate-id with allocate_comparison_id=true, one
 * POST /chat/messages per panel carrying that comparison_id, the websocket for the streams,
 * then the vote. It never calls POST /compare/sessions.
 */
const PANELS = [
  { provider: 'openai', model: 'gpt-5' },
  { provider: 'openai', model: 'gpt-5-mini' },
  // The offline demo model: answered in process, with its own text.
  { provider: 'openai', model: 'parallax-demo' },
] as const;

describe('the spec-only compare flow', () => {
  let t: ChatTestApp;

  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(path: string, headers: Record<string, string>, body: unknown = {}) => {
    const { status, json } = await postJson(t.baseUrl, `/api/v1${path}`, headers, body);
    return { status, body: json as T };
  };

  const allocate = async (headers: Record<string, string>, comparison = false) =>
    (
      await post<AllocateIdResponse>(
        `/chat/messages/allocate-id${comparison ? '?allocate_comparison_id=true' : ''}`,
        headers,
      )
    ).body;

  const openSocket = (user: SignedInUser) =>
    TestSocket.open(t.baseUrl, `conn_${randomUUID()}`, user.user.id, { token: user.accessToken });

  it('allocates, sends three panels in parallel, streams them and votes', async () => {
    const user = await registerAndSignIn(t.app);
    const socket = await openSocket(user);
    const connectionId = new URL(socket.ws.url).pathname.split('/').at(-1) ?? '';
    const h = { ...bearer(user.accessToken), 'x-connection-id': connectionId };
    try {
      const { comparison_id: comparisonId } = await allocate(h, true);
      expect(comparisonId).toBeDefined();

      const sent = await Promise.all(
        PANELS.map(async (panel) => {
          const { message_id } = await allocate(h);
          return post<MessageResponse>('/chat/messages', h, {
            message: 'Explain HTTP caching',
            message_id,
            conversation_id: null,
            project_id: null,
            prompt_generator_id: null,
            ...panel,
            includeConversationHistory: true,
            comparison_id: comparisonId,
          });
        }),
      );
      expect(sent.map((s) => s.status)).toEqual([200, 200, 200]);
      const answers = sent.map((s) => s.body);
      expect(answers.map((a) => a.model)).toEqual(PANELS.map((p) => p.model));
      // Each panel is its own conversation.
      expect(new Set(answers.map((a) => a.conversation_id)).size).toBe(3);

      // The socket carries every panel's tokens to its end.
      for (const answer of answers) {
        if (answer.status === 'streaming')
          await socket.waitFor(
            (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === answer.id,
          );
      }
      const streamed = answers.map((a) =>
        socket
          .tokens(a.id)
          .map((f) => f.token)
          .join(''),
      );
      expect(streamed.every((text) => text.length > 10)).toBe(true);

      const voted = await post<CompareSession>(`/compare/sessions/${comparisonId}/votes`, h, {
        turn_index: 0,
        winner: 1,
      });
      expect(voted.status).toBe(200);
      const session = voted.body;
      expect(session.id).toBe(comparisonId);
      expect(session.title).toBe('Explain HTTP caching');
      // One panel per send, whatever order the parallel sends were stored in.
      expect(session.panels.map((p) => p.index)).toEqual([0, 1, 2]);
      expect([...session.panels.map((p) => p.model)].sort()).toEqual(
        PANELS.map((p) => p.model).sort(),
      );
      expect(session.turns).toHaveLength(1);
      const [turn] = session.turns;
      expect(turn?.vote).toBe(1);
      expect(turn?.answers.map((a) => a.status)).toEqual(['completed', 'completed', 'completed']);
      for (const answer of turn?.answers ?? []) {
        const panel = session.panels[answer.panel];
        const mine = answers.find((a) => a.id === answer.message_id);
        expect(mine?.model).toBe(panel?.model);
        expect(mine?.conversation_id).toBe(panel?.conversation_id);
        expect(answer.response).toBe(streamed[answers.indexOf(mine as MessageResponse)]);
      }

      // A second turn continues each panel's own conversation.
      const first = answers[0] as MessageResponse;
      const { message_id } = await allocate(h);
      const followUp = await post<MessageResponse>('/chat/messages', h, {
        message: 'And invalidation?',
        message_id,
        conversation_id: first.conversation_id,
        provider: first.provider,
        model: first.model,
        comparison_id: comparisonId,
      });
      expect(followUp.status).toBe(200);
      expect(followUp.body.conversation_id).toBe(first.conversation_id);
    } finally {
      socket.close();
    }
  });

  it('refuses another owner’s comparison id, and ids the server never allocated, storing nothing', async () => {
    const owner = await registerAndSignIn(t.app);
    const other = await registerAndSignIn(t.app);
    const { comparison_id: allocated } = await allocate(bearer(owner.accessToken), true);
    const send = (user: SignedInUser, comparisonId: string | undefined) =>
      post<ErrorBody>('/chat/messages', bearer(user.accessToken), {
        message: 'hi',
        message_id: randomUUID(),
        ...PANELS[1],
        comparison_id: comparisonId,
      });

    // Allocated for someone else: not the other user's to create.
    const stolen = await send(other, allocated);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toBe('not_found');
    // Never allocated at all.
    expect((await send(owner, randomUUID())).status).toBe(404);
    // The owner's own first send creates it; afterwards the other user still gets 404.
    expect((await send(owner, allocated)).status).toBe(200);
    expect((await send(other, allocated)).status).toBe(404);
    const sessions = await t.app.db
      .selectFrom('compare_sessions')
      .select(['id', 'user_id'])
      .where('id', '=', allocated ?? '')
      .execute();
    expect(sessions).toEqual([{ id: allocated, user_id: owner.user.id }]);
    const strays = await t.app.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', other.user.id)
      .execute();
    expect(strays).toEqual([]);
  });

  it('makes each new conversation the next panel, up to six, and refuses a seventh', async () => {
    const user = await registerAndSignIn(t.app);
    const h = bearer(user.accessToken);
    const { comparison_id: comparisonId } = await allocate(h, true);
    const send = () =>
      post<MessageResponse | ErrorBody>('/chat/messages', h, {
        message: 'Which is faster?',
        message_id: randomUUID(),
        ...PANELS[1],
        comparison_id: comparisonId,
      });
    for (let panel = 0; panel < 6; panel += 1) expect((await send()).status).toBe(200);
    const seventh = await send();
    expect(seventh.status).toBe(422);
    expect((seventh.body as ErrorBody).detail).toContain('comparison_id');
    const conversations = await t.app.db
      .selectFrom('conversations')
      .select('id')
      .where('comparison_id', '=', comparisonId ?? '')
      .execute();
    expect(conversations).toHaveLength(6);
  });

  it('creates the comparison once when six first sends race, each its own panel', async () => {
    const user = await registerAndSignIn(t.app);
    const h = bearer(user.accessToken);
    const { comparison_id: comparisonId } = await allocate(h, true);
    const sent = await Promise.all(
      Array.from({ length: 6 }, () =>
        post<MessageResponse>('/chat/messages', h, {
          message: 'Race',
          message_id: randomUUID(),
          ...PANELS[1],
          comparison_id: comparisonId,
        }),
      ),
    );
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const panels = await t.app.db
      .selectFrom('compare_panels')
      .select(['position', 'conversation_id'])
      .where('session_id', '=', comparisonId ?? '')
      .orderBy('position')
      .execute();
    expect(panels.map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(panels.map((p) => p.conversation_id))).toEqual(
      new Set(sent.map((s) => s.body.conversation_id)),
    );
  });

  it('lets a visitor who signs in use the comparison id allocated while a visitor', async () => {
    const visitorId = newVisitorId();
    const { comparison_id: comparisonId } = await allocate(visitorHeaders(visitorId), true);
    const user = await registerAndSignIn(t.app, { visitorId });
    const sent = await post<MessageResponse>('/chat/messages', bearer(user.accessToken), {
      message: 'hi',
      message_id: randomUUID(),
      ...PANELS[1],
      comparison_id: comparisonId,
    });
    expect(sent.status).toBe(200);
    // The visitor id no longer holds it.
    const other = await post<ErrorBody>('/chat/messages', visitorHeaders(visitorId), {
      message: 'hi',
      message_id: randomUUID(),
      ...PANELS[1],
      comparison_id: comparisonId,
    });
    expect(other.status).toBe(404);
  });
});
