import type {
  ChatSettingsResponse,
  MessageResponse,
  Preset,
  PresetsResponse,
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

const SETTINGS = {
  temperature: 0.4,
  top_p: 0.9,
  max_output_tokens: 256,
  reasoning_effort: 'low',
  stop: ['###'],
  system_prompt: 'Answer in French.',
};

describe('chat settings and presets', () => {
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
  const send = async (h: Record<string, string>, message: string, extra = {}) => {
    const sent = await call('POST', '/chat/messages', h, sendBody(message, extra));
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<MessageResponse>();
  };
  /** The body provider-sim received for the latest request holding `marker`. */
  const upstreamBody = (marker: string) =>
    t.sim.requests.findLast((r) => JSON.stringify(r.body).includes(marker))?.body as Record<
      string,
      unknown
    >;

  it('a new chat’s first send carries its settings: sent upstream and stored with the chat', async () => {
    const h = await signedIn();
    const sent = await send(h, 'Bonjour from a set chat', { chat_settings: SETTINGS });
    const body = upstreamBody('Bonjour from a set chat');
    // gpt-5-mini is a reasoning model: effort and the limit go, sampling and stop do not.
    expect(body).toMatchObject({
      reasoning_effort: 'low',
      max_completion_tokens: 256,
      messages: [{ role: 'developer', content: 'Answer in French.' }, { role: 'user' }],
    });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('stop');
    const stored = await call('GET', `/chat/conversations/${sent.conversation_id}/settings`, h);
    expect(stored.json<ChatSettingsResponse>().settings).toEqual({
      ...SETTINGS,
      web_search: false,
      mcp: { servers: [], disabled_tools: [] },
    });

    // Every later turn of the chat reads them from the chat.
    await send(h, 'Second turn of the set chat', { conversation_id: sent.conversation_id });
    expect(upstreamBody('Second turn of the set chat')).toMatchObject({
      reasoning_effort: 'low',
      max_completion_tokens: 256,
    });
  });

  it('a send without settings is as before, and a chat’s settings can be replaced', async () => {
    const h = await signedIn();
    const sent = await send(h, 'A plain chat');
    const plain = upstreamBody('A plain chat');
    expect(JSON.stringify(plain)).not.toMatch(/reasoning_effort|max_completion_tokens/);
    const url = `/chat/conversations/${sent.conversation_id}/settings`;
    expect((await call('GET', url, h)).json<ChatSettingsResponse>().settings).toMatchObject({
      temperature: null,
      stop: [],
      system_prompt: '',
    });
    const put = await call('PUT', url, h, { ...SETTINGS, system_prompt: 'Be terse.' });
    expect(put.statusCode, put.body).toBe(200);
    await send(h, 'After the change', { conversation_id: sent.conversation_id });
    const after = upstreamBody('After the change');
    expect((after.messages as unknown[])[0]).toEqual({ role: 'developer', content: 'Be terse.' });
  });

  it('refuses out-of-range settings naming the field', async () => {
    const h = await signedIn();
    const sent = await send(h, 'Range checks');
    const url = `/chat/conversations/${sent.conversation_id}/settings`;
    for (const [field, value] of [
      ['temperature', 2.5],
      ['top_p', -0.1],
      ['max_output_tokens', 0],
      ['reasoning_effort', 'extreme'],
      ['stop', ['a', 'b', 'c', 'd', 'e']],
    ] as const) {
      const response = await call('PUT', url, h, { [field]: value });
      expect(response.statusCode, field).toBe(422);
      expect(response.json<{ detail: string }>().detail).toContain(field);
    }
    const badSend = await call(
      'POST',
      '/chat/messages',
      h,
      sendBody('Bad first send', { chat_settings: { temperature: 9 } }),
    );
    expect(badSend.statusCode).toBe(422);
    expect(badSend.json<{ detail: string }>().detail).toContain('temperature');
  });

  it('a chat’s settings are its owner’s alone', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const sent = await send(owner, 'Mine only');
    const url = `/chat/conversations/${sent.conversation_id}/settings`;
    expect((await call('GET', url, other)).statusCode).toBe(404);
    expect((await call('PUT', url, other, SETTINGS)).statusCode).toBe(404);
    const visitor = visitorHeaders(newVisitorId());
    expect((await call('GET', url, visitor)).statusCode).toBe(404);
    const visitorChat = await send(visitor, 'A visitor’s chat');
    const visitorUrl = `/chat/conversations/${visitorChat.conversation_id}/settings`;
    expect((await call('PUT', visitorUrl, visitor, SETTINGS)).statusCode).toBe(200);
    expect((await call('GET', visitorUrl, owner)).statusCode).toBe(404);
  });

  it('presets: save, list, rename, one default, delete; another’s is 404', async () => {
    const h = await signedIn();
    const created = await call('POST', '/presets', h, {
      name: '  Careful writer ',
      provider: 'openai',
      model: 'gpt-5-mini',
      settings: SETTINGS,
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<Preset>();
    expect(first).toMatchObject({ name: 'Careful writer', is_default: false, settings: SETTINGS });
    const second = (
      await call('POST', '/presets', h, { name: 'Plain', settings: {} })
    ).json<Preset>();
    expect(second.settings.stop).toEqual([]);

    const renamed = await call('PATCH', `/presets/${first.id}`, h, { name: 'Writer' });
    expect(renamed.json<Preset>().name).toBe('Writer');
    await call('PATCH', `/presets/${first.id}`, h, { is_default: true });
    await call('PATCH', `/presets/${second.id}`, h, { is_default: true });
    const listed = (await call('GET', '/presets', h)).json<PresetsResponse>().presets;
    expect(listed.map((p) => [p.name, p.is_default])).toEqual([
      ['Plain', true],
      ['Writer', false],
    ]);

    const other = await signedIn();
    expect((await call('PATCH', `/presets/${first.id}`, other, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/presets/${first.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/presets', other)).json<PresetsResponse>().presets).toEqual([]);
    expect((await call('DELETE', `/presets/${first.id}`, h)).statusCode).toBe(200);
    expect((await call('GET', '/presets', h)).json<PresetsResponse>().presets).toHaveLength(1);
  });

  it('presets refuse bad input by field, and need an account', async () => {
    const h = await signedIn();
    const empty = await call('POST', '/presets', h, { name: ' ', settings: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ detail: string }>().detail).toContain('name');
    const unknown = await call('POST', '/presets', h, {
      name: 'Ghost',
      model: 'no-such-model',
      settings: {},
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ detail: string }>().detail).toContain('model');
    const nothing = await call('PATCH', '/presets/whatever', h, {});
    expect(nothing.statusCode).toBe(422);
    const visitor = visitorHeaders(newVisitorId());
    expect((await call('GET', '/presets', visitor)).statusCode).toBe(401);
  });
});
