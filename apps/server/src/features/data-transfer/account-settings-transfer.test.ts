import {
  EXPORT_JSON_NAME,
  PERSONALIZATION_LIMITS,
  type ChatPersonalization,
  type ChatSettingsInput,
  type ChatSettingsResponse,
  type ConversationListResponse,
  type ExportFile,
  type ImportResponse,
  type MemoryListResponse,
  type MessageResponse,
  type ModelFavouritesResponse,
  type Personalization,
  type PresetsResponse,
} from '@parallax/contract';
import { strToU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, sendBody, type ChatTestApp } from '../../../test/chat';

type Headers = Record<string, string>;

const CAREFUL: ChatSettingsInput = {
  temperature: 0.3,
  top_p: 0.9,
  max_output_tokens: 2_000,
  reasoning_effort: 'high',
  stop: ['END'],
  system_prompt: 'Answer as a careful gardener.',
};

describe('the account export carries chat settings, presets, personalization, memories and model stars', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    h: Headers,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: h,
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const signedIn = async () => bearer((await registerAndSignIn(t.app)).accessToken);
  const newChat = async (h: Headers, text: string) =>
    (await call('POST', '/chat/messages', h, sendBody(text))).json<MessageResponse>()
      .conversation_id;
  const upload = (h: Headers, data: Uint8Array, name = 'parallax.zip') => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    return fetch(`${t.baseUrl}/api/v1/users/me/import`, { method: 'POST', headers: h, body: form });
  };
  const exportOf = async (h: Headers) => {
    const zipped = await fetch(`${t.baseUrl}/api/v1/users/me/export`, { headers: h });
    expect(zipped.status).toBe(200);
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    const json = unzipSync(bytes)[EXPORT_JSON_NAME] ?? new Uint8Array();
    return { bytes, json, file: JSON.parse(new TextDecoder().decode(json)) as ExportFile };
  };

  /** What the account's own screens read: the values the export must equal. */
  async function storedOf(h: Headers) {
    const chats = (
      await call('GET', '/chat/conversations/?limit=100&excludeComparisons=false', h)
    ).json<ConversationListResponse>().conversations;
    const perChat = await Promise.all(
      chats.map(async (chat) => ({
        title: chat.title,
        settings: (
          await call('GET', `/chat/conversations/${chat.id}/settings`, h)
        ).json<ChatSettingsResponse>().settings,
        personalization: (
          await call('GET', `/conversations/${chat.id}/personalization`, h)
        ).json<ChatPersonalization>().enabled,
      })),
    );
    return {
      chats: perChat.sort((a, b) => a.title.localeCompare(b.title)),
      presets: (await call('GET', '/presets', h))
        .json<PresetsResponse>()
        .presets.map(({ id: _id, ...preset }) => preset),
      personalization: (await call('GET', '/personalization', h)).json<Personalization>(),
      memories: (await call('GET', '/memories', h))
        .json<MemoryListResponse>()
        .memories.map(({ text, created_at, updated_at }) => ({ text, created_at, updated_at })),
      modelFavourites: (await call('GET', '/models/favourites', h)).json<ModelFavouritesResponse>()
        .model_ids,
    };
  }

  /** An account with every kind of setting set, and one chat that has none. */
  async function seeded(tag: string) {
    const h = await signedIn();
    const tuned = await newChat(h, `${tag} tuned chat`);
    const private_ = await newChat(h, `${tag} private chat`);
    await newChat(h, `${tag} plain chat`);
    await call('PUT', `/chat/conversations/${tuned}/settings`, h, CAREFUL);
    await call('PUT', `/conversations/${private_}/personalization`, h, { enabled: false });
    const preset = (
      await call('POST', '/presets', h, {
        name: `${tag} writer`,
        provider: 'openai',
        model: 'gpt-5-mini',
        settings: CAREFUL,
      })
    ).json<{ id: string }>();
    await call('PATCH', `/presets/${preset.id}`, h, { is_default: true });
    await call('POST', '/presets', h, { name: `${tag} plain`, settings: {} });
    await call('PATCH', '/personalization', h, {
      about: `${tag}: I grow vegetables in Oslo.`,
      style: 'Short answers, metric units.',
      memory_enabled: true,
    });
    await call('POST', '/memories', h, { text: `${tag} keeps bees` });
    await call('POST', '/memories', h, { text: `${tag} has a greenhouse` });
    await call('PUT', '/models/favourites/gpt-5-mini', h);
    await call('PUT', '/models/favourites/gpt-5', h);
    return h;
  }

  it('exports the stored values, and none of another account', async () => {
    const h = await seeded('Ada');
    const stranger = await seeded('Bob');
    const stored = await storedOf(h);
    const { file, json } = await exportOf(h);

    const exportedChats = file.conversations
      .map((c) => ({ title: c.title, settings: c.settings, enabled: c.personalization_enabled }))
      .sort((a, b) => a.title.localeCompare(b.title));
    expect(exportedChats.map((c) => c.title)).toEqual(stored.chats.map((c) => c.title));
    for (const [i, chat] of stored.chats.entries()) {
      expect(exportedChats[i]?.enabled).toBe(chat.personalization);
      // Only a chat with settings of its own carries them.
      if (chat.title.includes('tuned')) expect(exportedChats[i]?.settings).toEqual(chat.settings);
      else expect(exportedChats[i]?.settings).toBeUndefined();
    }
    expect(stored.chats.find((c) => c.title.includes('private'))?.personalization).toBe(false);
    expect(file.presets).toEqual(stored.presets);
    expect(file.presets?.find((p) => p.is_default)?.name).toBe('Ada writer');
    expect(file.personalization).toEqual(stored.personalization);
    expect(file.memories).toEqual(stored.memories);
    expect(file.memories?.map((m) => m.text)).toEqual(['Ada has a greenhouse', 'Ada keeps bees']);
    expect(file.model_favourites).toEqual(stored.modelFavourites);
    expect(file.model_favourites).toEqual(['gpt-5', 'gpt-5-mini']);

    // Owner-scoped: nothing of the other account's settings is in the file.
    expect(new TextDecoder().decode(json)).not.toContain('Bob');
    const theirs = await storedOf(stranger);
    expect(theirs.presets.map((p) => p.name)).toEqual(['Bob plain', 'Bob writer']);

    // A single chat's JSON export carries its settings and switch too.
    const chats = (
      await call('GET', '/chat/conversations/?limit=100&excludeComparisons=false', h)
    ).json<ConversationListResponse>().conversations;
    const tuned = chats.find((c) => c.title.includes('tuned'));
    const single = (
      await call('GET', `/chat/conversations/${tuned?.id}/export?format=json`, h)
    ).json<ExportFile>();
    expect(single.conversations[0]?.settings).toEqual(
      stored.chats.find((c) => c.title === tuned?.title)?.settings,
    );
    expect(single.conversations[0]?.personalization_enabled).toBe(true);
  });

  it('imports them into another account, equal to what was exported', async () => {
    const h = await seeded('Cleo');
    const before = await storedOf(h);
    const { bytes } = await exportOf(h);

    const fresh = await signedIn();
    const imported = await upload(fresh, bytes);
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toEqual({
      source: 'parallax',
      projects: 0,
      conversations: 3,
      messages: 3,
      presets: 2,
      memories: 2,
    } satisfies ImportResponse);
    const after = await storedOf(fresh);
    expect(after.chats).toEqual(before.chats);
    expect(after.presets).toEqual(before.presets);
    expect(after.personalization).toEqual(before.personalization);
    expect(after.memories).toEqual(before.memories);
    expect(after.modelFavourites).toEqual(before.modelFavourites);
  });

  it('adds beside what the account has: its own presets, default, instructions and memories stay', async () => {
    const source = await seeded('Dora');
    const { bytes } = await exportOf(source);
    const h = await seeded('Eve');
    const before = await storedOf(h);

    const imported = await upload(h, bytes);
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toMatchObject({ presets: 2, memories: 2 });
    const after = await storedOf(h);
    expect(after.presets.map((p) => [p.name, p.is_default])).toEqual([
      ['Dora plain', false],
      ['Dora writer', false],
      ['Eve plain', false],
      ['Eve writer', true],
    ]);
    expect(after.personalization).toEqual(before.personalization);
    expect(after.memories.map((m) => m.text).sort()).toEqual(
      ['Dora has a greenhouse', 'Dora keeps bees', 'Eve has a greenhouse', 'Eve keeps bees'].sort(),
    );

    // The same file again adds its chats but no preset or memory twice.
    const again = await upload(h, bytes);
    expect(await again.json()).toMatchObject({ conversations: 3, presets: 0, memories: 0 });
  });

  it('refuses memories past the most an account keeps, naming the field, and adds nothing', async () => {
    const h = await signedIn();
    await newChat(h, 'Already here');
    const { file } = await exportOf(h);
    const at = new Date().toISOString();
    const tooMany: ExportFile = {
      ...file,
      memories: Array.from({ length: PERSONALIZATION_LIMITS.memoriesMax }, (_, i) => ({
        text: `fact ${i}`,
        created_at: at,
        updated_at: at,
      })),
    };
    await call('POST', '/memories', h, { text: 'my own fact' });
    const refused = await upload(h, strToU8(JSON.stringify(tooMany)), 'export.json');
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { detail?: string }).detail).toMatch(/^memories: /);
    const chats = (
      await call('GET', '/chat/conversations/?limit=100&excludeComparisons=false', h)
    ).json<ConversationListResponse>();
    expect(chats.total).toBe(1);
    expect((await storedOf(h)).memories.map((m) => m.text)).toEqual(['my own fact']);
  });
});
