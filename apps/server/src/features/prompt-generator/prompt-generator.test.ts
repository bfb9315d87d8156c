import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PROMPT_GENERATOR_ID,
  type ConversationListResponse,
  type GeneratorInstructionsResponse,
  type MessageResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  TestSocket,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';

const VISITOR_LIMIT = 3;
const INSTRUCTIONS = '/api/v1/admin/prompt-generator/instructions';

describe('prompt generator', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp({ env: { VISITOR_DAILY_LIMIT: String(VISITOR_LIMIT) } });
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: url.startsWith('/api') ? url : `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const signedIn = async (admin = false) =>
    bearer((await registerAndSignIn(t.app, admin ? { admin: true } : {})).accessToken);
  const generate = async (h: Record<string, string>, text: string, extra = {}) => {
    const sent = await inject(
      'POST',
      '/chat/messages',
      h,
      sendBody(text, { prompt_generator_id: PROMPT_GENERATOR_ID, ...extra }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<MessageResponse>();
  };
  const lastSystemMessage = () => {
    const body = t.sim.requests.at(-1)?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    const first = body.messages[0];
    return first && /system|developer/.test(first.role) ? JSON.stringify(first.content) : '';
  };
  const list = async (h: Record<string, string>, query: string) =>
    (await inject('GET', `/chat/conversations/?${query}`, h)).json<ConversationListResponse>();

  it('opens every generator turn with the current instructions and records their version', async () => {
    const h = await signedIn();
    const first = await generate(h, 'Goal: explain photosynthesis. Audience: pupils.');
    expect(first.status).toBe('completed');
    expect(lastSystemMessage()).toContain('## Output format');
    expect(lastSystemMessage()).toContain('## Example');

    const admin = await signedIn(true);
    const saved = await inject('PUT', INSTRUCTIONS, admin, { body: 'Write prompts. Marker 51c2.' });
    expect(saved.statusCode, saved.body).toBe(200);
    const described = saved.json<GeneratorInstructionsResponse>();
    expect(described.current.body).toBe('Write prompts. Marker 51c2.');
    expect(described.versions.map((v) => v.version).slice(0, 2)).toEqual([
      described.current.version,
      described.current.version - 1,
    ]);

    // A refinement in the same session (no prompt_generator_id needed once the kind is set).
    const second = await inject(
      'POST',
      '/chat/messages',
      h,
      sendBody('Shorter, please.', { conversation_id: first.conversation_id }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(lastSystemMessage()).toContain('Marker 51c2');
    const body = t.sim.requests.at(-1)?.body as { messages: Array<{ content: unknown }> };
    expect(JSON.stringify(body.messages)).toContain('explain photosynthesis');

    const rows = await t.app.db
      .selectFrom('messages')
      .select(['id', 'generator_instructions_version'])
      .where('conversation_id', '=', first.conversation_id!)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => Number(r.generator_instructions_version))).toEqual([
      described.current.version - 1,
      described.current.version,
    ]);

    // A regular chat gets none of it.
    await inject('POST', '/chat/messages', h, sendBody('A plain question'));
    expect(lastSystemMessage()).toBe('');
  });

  it('keeps its sessions off the chat list and lists them by kind', async () => {
    const h = await signedIn();
    const generated = await generate(h, 'Goal: a cover letter.');
    const chat = await inject('POST', '/chat/messages', h, sendBody('Hello'));
    const chatId = chat.json<MessageResponse>().conversation_id;

    const chats = await list(h, 'offset=0&limit=20');
    expect(chats.conversations.map((c) => c.id)).toEqual([chatId]);
    const recent = (await inject('GET', '/chat/conversations/recent', h)).json<{
      conversations: { id: string }[];
    }>();
    expect(recent.conversations.map((c) => c.id)).toEqual([chatId]);

    const sessions = await list(h, 'offset=0&limit=20&kind=prompt_generator');
    expect(sessions.total).toBe(1);
    expect(sessions.conversations[0]).toMatchObject({
      id: generated.conversation_id,
      kind: 'prompt_generator',
    });
    const everything = await list(h, 'offset=0&limit=20&excludeComparisons=false');
    expect(everything.total).toBe(2);

    // Another user sees none of them and cannot continue them.
    const other = await signedIn();
    expect((await list(other, 'kind=prompt_generator')).total).toBe(0);
    const foreign = await inject(
      'POST',
      '/chat/messages',
      other,
      sendBody('Mine now?', {
        conversation_id: generated.conversation_id,
        prompt_generator_id: PROMPT_GENERATOR_ID,
      }),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a generator id on a regular chat, an unknown generator, and a bad kind', async () => {
    const h = await signedIn();
    const chat = (
      await inject('POST', '/chat/messages', h, sendBody('Hello'))
    ).json<MessageResponse>();
    const mixed = await inject(
      'POST',
      '/chat/messages',
      h,
      sendBody('Now a generator', {
        conversation_id: chat.conversation_id,
        prompt_generator_id: PROMPT_GENERATOR_ID,
      }),
    );
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json<{ detail: string }>().detail).toMatch(/^prompt_generator_id:/);

    const inProject = await inject(
      'POST',
      '/chat/messages',
      h,
      sendBody('In a project?', {
        project_id: 'any',
        prompt_generator_id: PROMPT_GENERATOR_ID,
      }),
    );
    expect(inProject.statusCode).toBe(422);

    const unknown = await inject(
      'POST',
      '/chat/messages',
      h,
      sendBody('Which generator?', { prompt_generator_id: 'nope' }),
    );
    expect(unknown.statusCode).toBe(404);
    // Nothing half-saved: the refused sends made no conversation.
    expect((await list(h, 'excludeComparisons=false')).total).toBe(1);
    expect((await inject('GET', '/chat/conversations/?kind=nonsense', h)).statusCode).toBe(422);
  });

  it('lets a visitor generate within the visitor daily limit, one unit per generation', async () => {
    const visitor = newVisitorId();
    const h = visitorHeaders(visitor);
    const first = await generate(h, 'Goal: a haiku.');
    expect(first.remaining_messages).toBe(VISITOR_LIMIT - 1);
    await generate(h, 'Shorter.', { conversation_id: first.conversation_id });
    await generate(h, 'For a child.', { conversation_id: first.conversation_id });
    const refused = await inject(
      'POST',
      '/chat/messages',
      h,
      sendBody('One more', {
        conversation_id: first.conversation_id,
        prompt_generator_id: PROMPT_GENERATOR_ID,
      }),
    );
    expect(refused.statusCode).toBe(429);
    expect((await list(h, 'kind=prompt_generator')).total).toBe(1);
  });

  it('streams a generation over the websocket like a chat answer', async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    try {
      const sent = await generate(visitorHeaders(visitor, connectionId), 'Goal: a recipe.');
      expect(sent.status).toBe('streaming');
      await socket.waitFor(
        (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === sent.id,
      );
      expect(socket.tokens(sent.id).length).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('cancels a generation like a chat answer, and replays it to a socket that resumes', async () => {
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const late = await TestSocket.open(t.baseUrl, randomUUID(), visitor);
    try {
      const sent = await generate(
        visitorHeaders(visitor, connectionId),
        'Goal: a long essay plan [sim tokens=500 tps=40]',
      );
      await socket.waitFor((f) => f.type === 'ai_token' && f.sequence >= 3);
      late.send({ type: 'resume', message_id: sent.id, last_sequence: 0 });
      await late.waitFor((f) => f.type === 'ai_token' && f.message_id === sent.id);
      const cancelled = await inject('POST', '/chat/cancel', visitorHeaders(visitor), {
        message_id: sent.id,
      });
      expect(cancelled.json()).toEqual({ cancelled: true });
      await socket.waitFor(
        (f) => f.type === 'ai_status' && f.status === 'completed' && f.details === 'cancelled',
      );
      const replayed = late.tokens(sent.id).map((f) => f.sequence);
      expect(replayed[0]).toBe(1);
      expect(new Set(replayed).size).toBe(replayed.length);
    } finally {
      socket.close();
      late.close();
    }
  });

  it('lets only admins read and version the instructions', async () => {
    const user = await signedIn();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { body: 'Hijacked' }],
    ] as const) {
      const refused = await inject(method, INSTRUCTIONS, user, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ detail: string }>().detail).toBe(MESSAGES.forbidden);
    }
    expect((await inject('GET', INSTRUCTIONS, visitorHeaders(newVisitorId()))).statusCode).toBe(
      401,
    );

    const admin = await signedIn(true);
    const before = (await inject('GET', INSTRUCTIONS, admin)).json<GeneratorInstructionsResponse>();
    expect(before.versions.at(-1)).toMatchObject({ version: 1, created_by: null });
    expect(before.versions.at(-1)?.body).toContain('## Role');

    for (const [body, field] of [
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(20_001) }, 'body'],
      [{}, 'body'],
    ] as const) {
      const bad = await inject('PUT', INSTRUCTIONS, admin, body);
      expect(bad.statusCode, bad.body).toBe(422);
      expect(bad.json<{ detail: string }>().detail).toContain(field);
    }
    const unchanged = (
      await inject('GET', INSTRUCTIONS, admin)
    ).json<GeneratorInstructionsResponse>();
    expect(unchanged.current.version).toBe(before.current.version);

    // Restoring version 1 saves its text as a new version; the old ones stay.
    const restored = await inject('PUT', INSTRUCTIONS, admin, {
      body: before.versions.at(-1)!.body,
    });
    const after = restored.json<GeneratorInstructionsResponse>();
    expect(after.current.version).toBe(before.current.version + 1);
    expect(after.current.body).toBe(before.versions.at(-1)!.body);
    expect(after.current.created_by).toMatch(/@/);
    expect(after.versions).toHaveLength(before.versions.length + 1);
  });
});
