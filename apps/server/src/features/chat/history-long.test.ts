import type {
  ConversationListResponse,
  ExportFile,
  HistoryResponse,
  MessageResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, sendBody, type ChatTestApp } from '../../../test/chat';

const TURNS = 130;

/** An account export holding one chat of `turns` turns, a minute apart. */
function exportOf(title: string, turns: number): ExportFile {
  const start = Date.parse('2026-10-01T09:00:00Z');
  const at = new Date(start).toISOString();
  return {
    format: 'parallax-export',
    version: 1,
    exported_at: at,
    projects: [],
    conversations: [
      {
        id: crypto.randomUUID(),
        title,
        kind: 'regular',
        is_favourite: false,
        project_id: null,
        created_at: at,
        updated_at: at,
        turns: Array.from({ length: turns }, (_, i) => ({
          content: `Question ${i + 1}`,
          response: `Answer ${i + 1}`,
          provider: 'openai' as const,
          model: 'gpt-5-mini',
          model_friendly_name: 'GPT-5 mini',
          status: 'completed' as const,
          created_at: new Date(start + i * 60_000).toISOString(),
          attachments: [],
        })),
      },
    ],
  };
}

describe('history of a long chat', () => {
  let t: ChatTestApp;
  let h: Record<string, string>;
  let chatId: string;
  beforeAll(async () => {
    t = await createChatTestApp();
    h = bearer((await registerAndSignIn(t.app)).accessToken);
    const title = `Long ${crypto.randomUUID()}`;
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(exportOf(title, TURNS))]), 'export.json');
    const imported = await fetch(`${t.baseUrl}/api/v1/users/me/import`, {
      method: 'POST',
      headers: h,
      body: form,
    });
    expect(imported.ok).toBe(true);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/chat/conversations/?limit=100',
        headers: h,
      })
    ).json<ConversationListResponse>();
    chatId = list.conversations.find((c) => c.title === title)?.id ?? '';
  });
  afterAll(() => t.close());

  const history = async (query: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/chat/messages?conversation_id=${chatId}&${query}`,
        headers: h,
      })
    ).json<HistoryResponse>();
  const questions = (page: HistoryResponse) => page.messages.map((m) => m.content);
  const numbered = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `Question ${from + i}`);

  it('pages from the newest turn to the first with a cursor, each turn once, oldest first', async () => {
    const first = await history('limit=50');
    expect(questions(first)).toEqual(numbered(81, 130));
    expect(first.has_more).toBe(true);
    const second = await history(`limit=50&cursor=${first.cursor}`);
    expect(questions(second)).toEqual(numbered(31, 80));
    const last = await history(`limit=50&cursor=${second.cursor}`);
    expect(questions(last)).toEqual(numbered(1, 30));
    expect(last).toMatchObject({ has_more: false, cursor: null });
  });

  it('pages by offset too', async () => {
    expect(questions(await history('limit=20&offset=100'))).toEqual(numbered(11, 30));
    const end = await history('limit=20&offset=120');
    expect(questions(end)).toEqual(numbered(1, 10));
    expect(end.has_more).toBe(false);
  });

  it('names the versions of a turn deep in the chat, and pages the branch it is on', async () => {
    const before = await history('limit=50');
    const turn = before.messages[0];
    if (!turn) throw new Error('no turn');
    // A regenerate of turn 81 makes a second version beside it, and its branch the current one.
    const regenerated = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/messages',
        headers: h,
        payload: sendBody('Question 81 [sim tokens=2]', {
          conversation_id: chatId,
          version_of: turn.id,
        }),
      })
    ).json<MessageResponse>();
    const page = await history('limit=50');
    expect(page.messages.at(-1)?.id).toBe(regenerated.id);
    expect(page.messages.at(-1)?.sibling_ids).toEqual([turn.id, regenerated.id]);
    expect(questions(page).slice(0, -1)).toEqual(numbered(32, 80));
    expect(page.messages[0]?.sibling_ids).toEqual([page.messages[0]?.id]);
  });

  it('continues nowhere from a cursor that names a turn of another chat', async () => {
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/messages',
        headers: h,
        payload: sendBody('Elsewhere [sim tokens=2]'),
      })
    ).json<MessageResponse>();
    const cursor = Buffer.from(`${other.created_at}|${other.id}`).toString('base64url');
    const page = await history(`limit=50&cursor=${cursor}`);
    expect(page.messages).toEqual([]);
    expect(page.has_more).toBe(false);
  });
});
