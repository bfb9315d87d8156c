import type {
  Conversation,
  MessageResponse,
  Project,
  ProjectListResponse,
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('projects', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const signedIn = async () => bearer((await registerAndSignIn(t.app)).accessToken);
  const createProject = async (h: Record<string, string>, body: Record<string, unknown> = {}) => {
    const created = await call('POST', '/projects', h, { name: 'Thesis', ...body });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<Project>();
  };
  const send = async (h: Record<string, string>, message: string, extra = {}) => {
    const sent = await call('POST', '/chat/messages', h, sendBody(message, extra));
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<MessageResponse>();
  };

  it('creates, lists with counts, updates, archives and unarchives', async () => {
    const h = await signedIn();
    const p = await createProject(h, { description: 'Chapter drafts', icon: '🎓', colour: 'teal' });
    expect(p).toMatchObject({
      name: 'Thesis',
      description: 'Chapter drafts',
      icon: '🎓',
      colour: 'teal',
      instructions: '',
      default_model: null,
      archived: false,
      chat_count: 0,
    });
    await send(h, 'First chat in the thesis', { project_id: p.id });
    const listed = (await call('GET', '/projects', h)).json<ProjectListResponse>();
    expect(listed.projects.map((x) => [x.id, x.chat_count])).toEqual([[p.id, 1]]);
    expect(listed.projects[0]!.last_activity_at >= p.created_at).toBe(true);

    const updated = await call('PATCH', `/projects/${p.id}`, h, {
      instructions: 'Answer as a patient tutor.',
      default_model: 'gpt-5-mini',
    });
    expect(updated.json<Project>()).toMatchObject({
      instructions: 'Answer as a patient tutor.',
      default_model: 'gpt-5-mini',
    });
    expect((await call('POST', `/projects/${p.id}/archive`, h)).json<Project>().archived).toBe(
      true,
    );
    expect((await call('GET', '/projects', h)).json<ProjectListResponse>().projects).toEqual([]);
    expect(
      (await call('GET', '/projects?archived=true', h)).json<ProjectListResponse>().projects[0]?.id,
    ).toBe(p.id);
    expect((await call('POST', `/projects/${p.id}/unarchive`, h)).json<Project>().archived).toBe(
      false,
    );
  });

  it('refuses bad fields with a message naming the field', async () => {
    const h = await signedIn();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'ok', instructions: 'x'.repeat(8_001) }, 'instructions'],
      [{ name: 'ok', colour: 'plaid' }, 'colour'],
      [{ name: 'ok', default_model: 'no-such-model' }, 'default_model'],
    ];
    for (const [body, field] of cases) {
      const refused = await call('POST', '/projects', h, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json<{ detail: string }>().detail).toContain(field);
    }
    expect(
      (await call('POST', '/projects', h, { name: 'ok', instructions: 'x'.repeat(8_000) }))
        .statusCode,
    ).toBe(201);
  });

  it('is for accounts only: visitors and anonymous callers get 401', async () => {
    for (const h of [visitorHeaders(newVisitorId()), {}]) {
      expect((await call('POST', '/projects', h, { name: 'Nope' })).statusCode).toBe(401);
      expect((await call('GET', '/projects', h)).statusCode).toBe(401);
    }
    const visitor = visitorHeaders(newVisitorId());
    const c = (await call('POST', '/chat/conversations/', visitor, {})).json<Conversation>();
    const owner = await signedIn();
    const p = await createProject(owner);
    expect(
      (await call('PUT', `/chat/conversations/${c.id}/project`, visitor, { project_id: p.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/chat/messages', visitor, sendBody('hi', { project_id: p.id })))
        .statusCode,
    ).toBe(404);
  });

  it("answers 404 for another user's project on every route", async () => {
    const owner = await signedIn();
    const p = await createProject(owner);
    const stranger = await signedIn();
    const strangersChat = (
      await call('POST', '/chat/conversations/', stranger, {})
    ).json<Conversation>();
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/projects/${p.id}`],
      ['PATCH', `/projects/${p.id}`, { name: 'Mine now' }],
      ['POST', `/projects/${p.id}/archive`],
      ['POST', `/projects/${p.id}/unarchive`],
      ['DELETE', `/projects/${p.id}?chats=keep`],
      ['DELETE', `/projects/${p.id}?chats=delete`],
      ['PUT', `/chat/conversations/${strangersChat.id}/project`, { project_id: p.id }],
      ['POST', '/chat/conversations/', { project_id: p.id }],
      ['POST', '/chat/messages', sendBody('sneak in', { project_id: p.id })],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(method, url, stranger, body);
      expect({ method, url, status: answer.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call('GET', '/projects', stranger)).json<ProjectListResponse>().projects).toEqual(
      [],
    );
    expect((await call('GET', `/projects/${p.id}`, owner)).json<Project>().name).toBe('Thesis');
  });

  it('moves chats in and out, checking the project', async () => {
    const h = await signedIn();
    const p = await createProject(h);
    const c = (await call('POST', '/chat/conversations/', h, {})).json<Conversation>();
    expect(
      (await call('PUT', `/chat/conversations/${c.id}/project`, h, { project_id: 'nope' }))
        .statusCode,
    ).toBe(404);
    const moved = await call('PUT', `/chat/conversations/${c.id}/project`, h, {
      project_id: p.id,
    });
    expect(moved.json<Conversation>().project_id).toBe(p.id);
    expect((await call('GET', `/projects/${p.id}`, h)).json<Project>().chat_count).toBe(1);
    const listed = await call('GET', `/chat/conversations/?project_id=${p.id}`, h);
    expect(listed.json<{ conversations: Conversation[] }>().conversations.map((x) => x.id)).toEqual(
      [c.id],
    );
    expect(
      (await call('DELETE', `/chat/conversations/${c.id}/project`, h)).json<Conversation>()
        .project_id,
    ).toBeNull();
  });

  it('deletes a project keeping its chats (moved out) or deleting them', async () => {
    const h = await signedIn();
    for (const chats of ['keep', 'delete'] as const) {
      const p = await createProject(h);
      const answer = await send(h, `A chat to ${chats}`, { project_id: p.id });
      const gone = await call('DELETE', `/projects/${p.id}?chats=${chats}`, h);
      expect(gone.json()).toEqual({ ok: true, chats: 1 });
      expect((await call('GET', `/projects/${p.id}`, h)).statusCode).toBe(404);
      const chat = await call('GET', `/chat/conversations/${answer.conversation_id}`, h);
      if (chats === 'keep') expect(chat.json<Conversation>().project_id).toBeNull();
      else expect(chat.statusCode).toBe(404);
    }
    expect((await call('DELETE', `/projects/${'x'}`, h)).statusCode).toBe(422);
  });

  it('sends the instructions upstream as the system message of every turn in the project', async () => {
    const h = await signedIn();
    const instructions = 'Always answer like a pirate. Marker 7f3a.';
    const p = await createProject(h, { instructions });
    const systemOf = () => {
      const body = t.sim.requests.at(-1)?.body as {
        messages: Array<{ role: string; content: unknown }>;
      };
      return body.messages.filter((m) => m.role === 'system' || m.role === 'developer');
    };
    const first = await send(h, 'Where is the treasure?', { project_id: p.id });
    expect(first.conversation_id).toBeTruthy();
    expect(JSON.stringify(systemOf())).toContain('Marker 7f3a');
    await send(h, 'And the map?', {
      conversation_id: first.conversation_id,
      include_conversation_history: true,
    });
    const body = t.sim.requests.at(-1)?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(body.messages[0]?.role).toMatch(/system|developer/);
    expect(JSON.stringify(body.messages[0])).toContain('Marker 7f3a');
    expect(JSON.stringify(body.messages)).toContain('Where is the treasure?');
    // Out of the project, the next turn goes without them.
    await call('DELETE', `/chat/conversations/${first.conversation_id}/project`, h);
    await send(h, 'Still a pirate?', { conversation_id: first.conversation_id });
    expect(systemOf()).toEqual([]);
  });
});
