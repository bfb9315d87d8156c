import type {
  Conversation,
  ConversationListResponse,
  ExportFile,
  HistoryResponse,
  ImportResponse,
  KnowledgeFileListResponse,
  MessageResponse,
  Project,
  ProjectListResponse,
} from '@parallax/contract';
import { DATA_TRANSFER_LIMITS, EXPORT_JSON_NAME } from '@parallax/contract';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, sendBody, type ChatTestApp } from '../../../test/chat';

/** A ChatGPT conversation: an edited first question (two branches), current branch on the edit. */
const chatGptExport = [
  {
    title: 'Sourdough help',
    create_time: 1_700_000_000.5,
    update_time: 1_700_000_100,
    current_node: 'a2',
    mapping: {
      root: { id: 'root', message: null, parent: null, children: ['sys'] },
      sys: {
        id: 'sys',
        parent: 'root',
        children: ['u1', 'u1b'],
        message: {
          author: { role: 'system' },
          content: { content_type: 'text', parts: [''] },
          metadata: { is_visually_hidden_from_conversation: true },
        },
      },
      u1: {
        id: 'u1',
        parent: 'sys',
        children: ['a1'],
        message: {
          author: { role: 'user' },
          create_time: 1_700_000_001,
          content: { content_type: 'text', parts: ['Old branch question'] },
        },
      },
      a1: {
        id: 'a1',
        parent: 'u1',
        children: [],
        message: {
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: ['Old branch answer'] },
        },
      },
      u1b: {
        id: 'u1b',
        parent: 'sys',
        children: ['a1b'],
        message: {
          author: { role: 'user' },
          create_time: 1_700_000_002,
          content: { content_type: 'text', parts: ['How long should dough rise?'] },
        },
      },
      a1b: {
        id: 'a1b',
        parent: 'u1b',
        children: ['u2'],
        message: {
          author: { role: 'assistant' },
          create_time: 1_700_000_003,
          content: { content_type: 'text', parts: ['About 4 to 6 hours.'] },
          metadata: { model_slug: 'gpt-4o' },
        },
      },
      u2: {
        id: 'u2',
        parent: 'a1b',
        children: ['a2'],
        message: {
          author: { role: 'user' },
          create_time: 1_700_000_004,
          content: {
            content_type: 'multimodal_text',
            parts: [{ asset: 'x' }, 'And in the fridge?'],
          },
        },
      },
      a2: {
        id: 'a2',
        parent: 'u2',
        children: [],
        message: {
          author: { role: 'assistant' },
          create_time: 1_700_000_005,
          content: { content_type: 'text', parts: ['Overnight, 12 to 16 hours.'] },
          metadata: { model_slug: 'gpt-4o' },
        },
      },
    },
  },
];

const KNOWLEDGE_TEXT = '# Shade plants\nHostas and ferns thrive in deep shade.';

describe('export and import', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    h: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: h,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const signedIn = async () => bearer((await registerAndSignIn(t.app)).accessToken);
  const upload = (h: Record<string, string>, data: Uint8Array, name = 'export.json') => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    return fetch(`${t.baseUrl}/api/v1/users/me/import`, { method: 'POST', headers: h, body: form });
  };
  const chatsOf = async (h: Record<string, string>) =>
    (
      await call('GET', '/chat/conversations/?limit=100&excludeComparisons=false', h)
    ).json<ConversationListResponse>();
  const turnsOf = async (h: Record<string, string>, conversationId: string) =>
    (
      await call('GET', `/chat/messages?conversation_id=${conversationId}`, h)
    ).json<HistoryResponse>().messages;

  /** A user with a project, a favourite chat of two turns in it, and a chat with a file. */
  async function seededAccount() {
    const h = await signedIn();
    const project = (
      await call('POST', '/projects', h, { name: 'Garden', icon: '🌱', instructions: 'Be brief.' })
    ).json<Project>();
    const first = (
      await call(
        'POST',
        '/chat/messages',
        h,
        sendBody('What grows in shade?', { project_id: project.id }),
      )
    ).json<MessageResponse>();
    await call(
      'POST',
      '/chat/messages',
      h,
      sendBody('And in sun?', {
        conversation_id: first.conversation_id,
        include_conversation_history: true,
      }),
    );
    await call('PUT', `/chat/conversations/${first.conversation_id}/favourite`, h, {
      is_favourite: true,
    });
    const form = new FormData();
    for (const [key, value] of Object.entries(sendBody('Read my notes [sim tokens=3]')))
      form.append(key, String(value));
    form.append('files[]', new Blob(['# Notes\nbasil'], { type: 'text/markdown' }), 'notes.md');
    const withFile = await fetch(`${t.baseUrl}/api/v1/chat/messages/upload`, {
      method: 'POST',
      headers: h,
      body: form,
    });
    expect(withFile.status).toBe(200);
    const knowledge = new FormData();
    knowledge.append('files[]', new Blob([KNOWLEDGE_TEXT]), 'shade-plants.md');
    const added = await fetch(`${t.baseUrl}/api/v1/projects/${project.id}/files`, {
      method: 'POST',
      headers: h,
      body: knowledge,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    return { h, project, conversationId: first.conversation_id };
  }

  it('exports one chat as Markdown and JSON, to its owner only', async () => {
    const { h, conversationId } = await seededAccount();
    const md = await call('GET', `/chat/conversations/${conversationId}/export?format=markdown`, h);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['content-disposition']).toMatch(/^attachment; filename=".+\.md"$/);
    expect(md.body).toMatch(/^# .+\n/);
    expect(md.body.indexOf('What grows in shade?')).toBeLessThan(md.body.indexOf('And in sun?'));
    const json = (
      await call('GET', `/chat/conversations/${conversationId}/export?format=json`, h)
    ).json<ExportFile>();
    expect(json.conversations[0]?.turns.map((turn) => turn.content)).toEqual([
      'What grows in shade?',
      'And in sun?',
    ]);
    expect(json.conversations[0]?.is_favourite).toBe(true);

    const stranger = await signedIn();
    expect(
      (await call('GET', `/chat/conversations/${conversationId}/export?format=json`, stranger))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/chat/conversations/${conversationId}/export?format=pdf`, h)).statusCode,
    ).toBe(422);
  });

  it('exports the account as a zip and imports it back into another account', async () => {
    const { h } = await seededAccount();
    const zipped = await fetch(`${t.baseUrl}/api/v1/users/me/export`, { headers: h });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    const entries = unzipSync(bytes);
    const file = JSON.parse(new TextDecoder().decode(entries[EXPORT_JSON_NAME])) as ExportFile;
    expect(file.projects.map((p) => [p.name, p.instructions])).toEqual([['Garden', 'Be brief.']]);
    expect(file.conversations).toHaveLength(2);
    const attached = file.conversations.flatMap((c) => c.turns.flatMap((turn) => turn.attachments));
    expect(attached.map((a) => a.filename)).toEqual(['notes.md']);
    expect(new TextDecoder().decode(entries[attached[0]?.path ?? ''])).toBe('# Notes\nbasil');
    const knowledge = file.projects[0]?.files ?? [];
    expect(knowledge.map((f) => [f.filename, f.size])).toEqual([
      ['shade-plants.md', Buffer.byteLength(KNOWLEDGE_TEXT)],
    ]);
    expect(new TextDecoder().decode(entries[knowledge[0]?.path ?? ''])).toBe(KNOWLEDGE_TEXT);

    const other = await signedIn();
    const imported = await upload(other, bytes, 'parallax.zip');
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toEqual({
      source: 'parallax',
      projects: 1,
      conversations: 2,
      messages: 3,
      presets: 0,
      memories: 0,
    } satisfies ImportResponse);
    const projects = (await call('GET', '/projects', other)).json<ProjectListResponse>().projects;
    expect(projects.map((p) => [p.name, p.chat_count])).toEqual([['Garden', 1]]);
    // The project's knowledge comes back with it, indexed again for the new owner.
    await t.app.knowledgeIndexer.idle();
    const restored = (
      await call('GET', `/projects/${projects[0]?.id}/files`, other)
    ).json<KnowledgeFileListResponse>().files;
    expect(restored.map((f) => [f.filename, f.size, f.state])).toEqual([
      ['shade-plants.md', Buffer.byteLength(KNOWLEDGE_TEXT), 'ready'],
    ]);
    expect(restored[0]?.chunk_count).toBeGreaterThan(0);
    const chats = (await chatsOf(other)).conversations;
    const favourite = chats.find((c) => c.is_favourite);
    expect(favourite?.project_id).toBe(projects[0]?.id);
    expect((await turnsOf(other, favourite?.id ?? '')).map((m) => [m.content, m.status])).toEqual([
      ['What grows in shade?', 'completed'],
      ['And in sun?', 'completed'],
    ]);
    // The JSON alone imports the same way (a single chat's export too).
    expect(
      (
        (await (
          await upload(other, entries[EXPORT_JSON_NAME] ?? new Uint8Array())
        ).json()) as ImportResponse
      ).conversations,
    ).toBe(2);
    expect((await chatsOf(other)).total).toBe(4);
  });

  it("imports ChatGPT's conversations.json along the current branch", async () => {
    const h = await signedIn();
    const res = await upload(h, strToU8(JSON.stringify(chatGptExport)), 'conversations.json');
    expect(await res.json()).toEqual({
      source: 'chatgpt',
      projects: 0,
      conversations: 1,
      messages: 2,
      presets: 0,
      memories: 0,
    });
    const [chat] = (await chatsOf(h)).conversations as [Conversation];
    expect(chat.title).toBe('Sourdough help');
    expect(chat.created_at).toBe(new Date(1_700_000_000_500).toISOString());
    expect(
      (await turnsOf(h, chat.id)).map((m) => [m.content, m.response, m.model_friendly_name]),
    ).toEqual([
      ['How long should dough rise?', 'About 4 to 6 hours.', 'ChatGPT (gpt-4o)'],
      ['And in the fridge?', 'Overnight, 12 to 16 hours.', 'ChatGPT (gpt-4o)'],
    ]);
    // ChatGPT's own download is a zip with conversations.json inside.
    const zipped = zipSync({
      'conversations.json': strToU8(JSON.stringify(chatGptExport)),
      'chat.html': strToU8('<html>'),
    });
    expect((await upload(h, zipped, 'chatgpt.zip')).status).toBe(200);
  });

  it('refuses bad and huge files with a clear error and imports nothing of them', async () => {
    const h = await signedIn();
    const valid = chatGptExport[0];
    /** An account zip whose project names one knowledge file at knowledge/a-notes.md. */
    const zipWithKnowledge = (entries: Record<string, Uint8Array>) =>
      zipSync({
        [EXPORT_JSON_NAME]: strToU8(
          JSON.stringify({
            format: 'parallax-export',
            version: 1,
            exported_at: new Date().toISOString(),
            projects: [
              {
                id: '7a1b1c1d-0000-4000-8000-000000000001',
                name: 'Garden',
                description: '',
                icon: '🌱',
                colour: 'green',
                instructions: '',
                default_model: null,
                archived: false,
                created_at: new Date().toISOString(),
                updated_at: new Date().toISOString(),
                files: [
                  {
                    filename: 'notes.md',
                    content_type: 'text/markdown',
                    size: 5,
                    path: 'knowledge/a-notes.md',
                  },
                ],
              },
            ],
            conversations: [],
          }),
        ),
        ...entries,
      });
    const cases: Array<[Uint8Array, RegExp]> = [
      [new Uint8Array(), /empty/],
      [strToU8('{"not": "json"'), /not valid JSON/],
      [new Uint8Array([0xff, 0xfe, 0x00]), /not UTF-8/],
      [strToU8('{"hello": 1}'), /neither a Parallax export nor ChatGPT/],
      [zipSync({ 'readme.txt': strToU8('hi') }), /neither parallax-export.json/],
      [strToU8('PK\u0003\u0004garbage'), /zip file is damaged/],
      // One good conversation, then a broken one: nothing of the file is added.
      [
        strToU8(JSON.stringify([valid, { ...valid, mapping: 'oops' }])),
        /conversations\[1\.mapping\]/,
      ],
      [
        strToU8(
          JSON.stringify({
            format: 'parallax-export',
            version: 1,
            exported_at: new Date().toISOString(),
            projects: [{ name: '' }],
            conversations: [],
          }),
        ),
        /projects\.0/,
      ],
      [
        strToU8(
          JSON.stringify(
            Array.from({ length: DATA_TRANSFER_LIMITS.importMaxConversations + 1 }, () => ({
              mapping: {},
            })),
          ),
        ),
        /at most 5000/,
      ],
      [zipWithKnowledge({}), /lacks the knowledge file knowledge\/a-notes\.md/],
    ];
    for (const [data, message] of cases) {
      const res = await upload(h, data);
      const body = (await res.json()) as { error: string; detail: string };
      expect({ status: res.status, detail: body.detail }).toEqual({
        status: 422,
        detail: expect.stringMatching(message),
      });
      expect(body.detail).toMatch(/^file: /);
    }
    // A knowledge file that is no text or PDF: refused as an upload would be, nothing kept.
    const binary = await upload(
      h,
      zipWithKnowledge({ 'knowledge/a-notes.md': new Uint8Array([0, 1, 2, 0xff, 0]) }),
      'parallax.zip',
    );
    expect(binary.status, await binary.clone().text()).toBe(415);
    expect(((await binary.json()) as { detail: string }).detail).toMatch(
      /^file: knowledge: notes\.md cannot be added/,
    );
    const huge = await upload(h, new Uint8Array(DATA_TRANSFER_LIMITS.importMaxBytes + 1));
    expect(huge.status, await huge.clone().text()).toBe(413);
    expect((await chatsOf(h)).total).toBe(0);
    expect((await call('GET', '/projects', h)).json<ProjectListResponse>().projects).toEqual([]);
    // Accounts only.
    expect((await upload({}, strToU8('[]'))).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/api/v1/users/me/export`)).status).toBe(401);
  });
});
