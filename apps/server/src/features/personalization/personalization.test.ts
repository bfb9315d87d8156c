import { randomUUID } from 'node:crypto';
import type {
  ChatPersonalization,
  Memory,
  MemoryListResponse,
  MessageResponse,
  Personalization,
  Project,
} from '@parallax/contract';
import { PERSONALIZATION_LIMITS } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  SIM_MODEL,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { setUpVault, vaultHeaders } from '../../../test/vault';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;

describe('custom instructions and memory', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const signedIn = async () => {
    const { accessToken, user } = await registerAndSignIn(t.app);
    return { h: bearer(accessToken), accessToken, userId: user.id };
  };
  const send = async (h: Headers, message: string, extra = {}) => {
    const sent = await call('POST', '/chat/messages', h, sendBody(message, extra));
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<MessageResponse>();
  };
  /** The system message of the latest upstream request ('' when it has none). */
  const lastSystem = () => {
    const body = t.sim.requests.at(-1)?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    return JSON.stringify(
      body.messages.filter((m) => m.role === 'system' || m.role === 'developer'),
    );
  };
  const personalize = async (h: Headers, body: Record<string, unknown>) => {
    const res = await call('PATCH', '/personalization', h, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Personalization>();
  };

  it('starts with memory off and instructions empty; visitors get 401', async () => {
    const { h } = await signedIn();
    expect((await call('GET', '/personalization', h)).json()).toEqual({
      about: '',
      style: '',
      instructions_enabled: true,
      memory_enabled: false,
    });
    expect((await call('GET', '/memories', h)).json()).toEqual({ memories: [] });
    const visitor = visitorHeaders(newVisitorId());
    expect((await call('GET', '/personalization', visitor)).statusCode).toBe(401);
    expect((await call('POST', '/memories', visitor, { text: 'x' })).statusCode).toBe(401);
  });

  it('names the field of bad input and keeps what was saved', async () => {
    const { h } = await signedIn();
    await personalize(h, { about: 'I teach physics.' });
    const cases: Array<[Method, string, unknown, string]> = [
      [
        'PATCH',
        '/personalization',
        { about: 'x'.repeat(PERSONALIZATION_LIMITS.aboutMaxChars + 1) },
        'about',
      ],
      [
        'PATCH',
        '/personalization',
        { style: 'x'.repeat(PERSONALIZATION_LIMITS.styleMaxChars + 1) },
        'style',
      ],
      ['PATCH', '/personalization', { memory_enabled: 'yes' }, 'memory_enabled'],
      ['POST', '/memories', { text: '   ' }, 'text'],
      [
        'POST',
        '/memories',
        { text: 'x'.repeat(PERSONALIZATION_LIMITS.memoryMaxChars + 1) },
        'text',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(method, url, h, body);
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ detail: string }>().detail).toContain(field);
    }
    expect((await call('GET', '/personalization', h)).json<Personalization>().about).toBe(
      'I teach physics.',
    );
  });

  it('opens every turn with the instructions, then the memories, then the project', async () => {
    const { h } = await signedIn();
    await personalize(h, {
      about: 'I am a marine biologist. Marker A1.',
      style: 'Short answers. Marker A2.',
      memory_enabled: true,
    });
    expect(
      (await call('POST', '/memories', h, { text: 'Has a cat named Marker M1' })).statusCode,
    ).toBe(201);
    const project = (
      await call('POST', '/projects', h, { name: 'Reef', instructions: 'Project marker P1.' })
    ).json<Project>();
    await send(h, 'Hello', { project_id: project.id });
    const system = lastSystem();
    const at = (marker: string) => system.indexOf(marker);
    for (const marker of ['A1', 'A2', 'M1', 'P1']) expect(system).toContain(marker);
    expect(at('A1')).toBeLessThan(at('A2'));
    expect(at('A2')).toBeLessThan(at('M1'));
    expect(at('M1')).toBeLessThan(at('P1'));

    // Instructions off leaves the memory; memory off leaves nothing of the account.
    await personalize(h, { instructions_enabled: false });
    await send(h, 'Again');
    expect(lastSystem()).not.toContain('A1');
    expect(lastSystem()).toContain('M1');
    await personalize(h, { memory_enabled: false });
    await send(h, 'Once more');
    expect(lastSystem()).toBe('[]');
  });

  it('saves "Remember that…" once when memory is on, and never when it is off', async () => {
    const { h } = await signedIn();
    const off = await send(h, 'Remember that I live in Oslo');
    expect(
      (await call('GET', `/memories?source_message_id=${off.id}`, h)).json<MemoryListResponse>(),
    ).toEqual({ memories: [] });

    await personalize(h, { memory_enabled: true });
    const on = await send(h, 'Remember that I prefer metric units.');
    const saved = (
      await call('GET', `/memories?source_message_id=${on.id}`, h)
    ).json<MemoryListResponse>();
    expect(saved.memories.map((m) => m.text)).toEqual(['I prefer metric units']);
    // The turn that asked already reads it.
    expect(lastSystem()).toContain('I prefer metric units');
    // The same send again (a double click, a retry) does not save it twice.
    const again = await call(
      'POST',
      '/chat/messages',
      h,
      sendBody('Remember that I prefer metric units.', { message_id: on.id }),
    );
    expect(again.statusCode).toBeLessThan(500);
    const all = (await call('GET', '/memories', h)).json<MemoryListResponse>().memories;
    expect(all.map((m) => m.text)).toEqual(['I prefer metric units']);
  });

  it('lists memories newest first, edits and deletes only the owner’s; another account gets 404', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const created = (
      await call('POST', '/memories', alice.h, { text: 'Likes tea' })
    ).json<Memory>();
    expect(
      (await call('PATCH', `/memories/${created.id}`, bob.h, { text: 'Hacked' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/memories/${created.id}`, bob.h)).statusCode).toBe(404);
    expect((await call('GET', '/memories', bob.h)).json()).toEqual({ memories: [] });

    const edited = await call('PATCH', `/memories/${created.id}`, alice.h, {
      text: 'Likes green tea',
    });
    expect(edited.json<Memory>().text).toBe('Likes green tea');
    expect((await call('DELETE', `/memories/${created.id}`, alice.h)).statusCode).toBe(200);
    expect((await call('DELETE', `/memories/${created.id}`, alice.h)).statusCode).toBe(404);
    expect((await call('GET', '/memories', alice.h)).json()).toEqual({ memories: [] });

    // Newest first, also for memories saved within one millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      for (const text of ['First fact', 'Second fact', 'Third fact'])
        expect((await call('POST', '/memories', alice.h, { text })).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
    const listed = (await call('GET', '/memories', alice.h)).json<MemoryListResponse>();
    expect(listed.memories.map((m) => m.text)).toEqual(['Third fact', 'Second fact', 'First fact']);
  });

  it('refuses a memory past the limit on count', async () => {
    const { h, userId } = await signedIn();
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('memories')
      .values(
        Array.from({ length: PERSONALIZATION_LIMITS.memoriesMax }, (_, i) => ({
          id: randomUUID(),
          user_id: userId,
          text: `fact ${i}`,
          source_message_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const full = await call('POST', '/memories', h, { text: 'one more' });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ detail: string }>().detail).toContain('delete one first');
  });

  it('turns both off for one chat only, and only its owner may', async () => {
    const { h } = await signedIn();
    const other = await signedIn();
    await personalize(h, { about: 'Marker C1', memory_enabled: true });
    await call('POST', '/memories', h, { text: 'Marker C2' });
    const first = await send(h, 'Hi');
    const chat = first.conversation_id ?? '';
    const url = `/conversations/${chat}/personalization`;
    expect((await call('GET', url, h)).json<ChatPersonalization>()).toEqual({ enabled: true });
    expect((await call('PUT', url, other.h, { enabled: false })).statusCode).toBe(404);
    expect((await call('GET', url, other.h)).statusCode).toBe(404);
    expect((await call('PUT', url, h, { enabled: 'no' })).statusCode).toBe(422);
    expect((await call('PUT', url, h, { enabled: false })).json()).toEqual({ enabled: false });

    await send(h, 'Still there?', { conversation_id: chat });
    expect(lastSystem()).not.toContain('Marker C');
    const asked = await send(h, 'Remember that this chat is private', { conversation_id: chat });
    expect(
      (await call('GET', `/memories?source_message_id=${asked.id}`, h)).json<MemoryListResponse>()
        .memories,
    ).toEqual([]);
    await send(h, 'Elsewhere');
    expect(lastSystem()).toContain('Marker C1');
    expect(lastSystem()).toContain('Marker C2');
  });

  it('never reaches a vault turn, and a vault message saves no memory', async () => {
    const { h, accessToken } = await signedIn();
    await personalize(h, { about: 'Marker V1', memory_enabled: true });
    await call('POST', '/memories', h, { text: 'Marker V2' });
    const { vault_token } = await setUpVault(t.app, accessToken);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats/messages',
      headers: vaultHeaders(accessToken, vault_token),
      payload: {
        message_id: randomUUID(),
        message: 'Remember that my diagnosis is secret',
        ...SIM_MODEL,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(t.sim.requests.at(-1)?.body)).not.toContain('Marker V');
    const memories = (await call('GET', '/memories', h)).json<MemoryListResponse>().memories;
    expect(memories.map((m) => m.text)).toEqual(['Marker V2']);
  });
});
