import type { ExportFile, ExportedTurn, Provider } from '@parallax/contract';
import type { Page } from 'playwright-core';

/** A word to find, put into one answer of the chat. */
export interface RareWord {
  rare: string;
  /** Which turn's answer holds it (1-based). */
  rareTurn: number;
}

/**
 * Who answers turn `n`: OpenAI and Gemini by turns, so both kinds of maths delimiters appear
 * (spec §3: OpenAI writes \( \) and \[ \], Gemini $ and $$) and every formula is typeset.
 */
export function longChatAnswerer(n: number): { provider: Provider; model: string; name: string } {
  return n % 2 === 1
    ? { provider: 'openai', model: 'gpt-5-mini', name: 'GPT-5 mini' }
    : { provider: 'gemini', model: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash' };
}

/** The answer's maths in its provider's own delimiters: one inline formula, one displayed. */
function maths(n: number): string {
  const inline = `O(n \\log ${n})`;
  const display = `\\sum_{i=1}^{${n}} i = \\frac{${n}(${n}+1)}{2}`;
  return longChatAnswerer(n).provider === 'openai'
    ? `The cost is \\(${inline}\\), and in total\n\n\\[${display}\\]`
    : `The cost is $${inline}$, and in total\n\n$$\n${display}\n$$`;
}

/** An answer like a model's: a heading, a list, code, inline and display maths. */
export function longChatAnswer(n: number, rare?: RareWord): string {
  return [
    `## Part ${n}`,
    '',
    `Here is how step ${n} goes${rare?.rareTurn === n ? `, as seen from ${rare.rare}` : ''}:`,
    '',
    '- first, read the input',
    '- then, check each value',
    `- finally, keep ${n} results`,
    '',
    '```ts',
    `function step${n}(input: number[]): number {`,
    `  return input.reduce((sum, x) => sum + x * ${n}, 0);`,
    '}',
    '```',
    '',
    maths(n),
  ].join('\n');
}

/** An account export holding one chat of `turns` turns ("Question n: …" and its answer). */
export function longChatExport(turns: number, title: string, rare?: RareWord): ExportFile {
  const start = Date.parse('2026-10-01T09:00:00Z');
  const rows: ExportedTurn[] = Array.from({ length: turns }, (_, i) => ({
    content: `Question ${i + 1}: how does step ${i + 1} work?`,
    response: longChatAnswer(i + 1, rare),
    provider: longChatAnswerer(i + 1).provider,
    model: longChatAnswerer(i + 1).model,
    model_friendly_name: longChatAnswerer(i + 1).name,
    status: 'completed',
    created_at: new Date(start + i * 60_000).toISOString(),
    attachments: [],
  }));
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
        turns: rows,
      },
    ],
  };
}

/**
 * Imports a chat of `turns` turns through the account import, as the signed-in page (its
 * stored token); answers the chat's id.
 */
export async function importLongChat(page: Page, turns: number, rare?: RareWord): Promise<string> {
  const title = `A chat of ${turns} turns ${crypto.randomUUID().slice(0, 8)}`;
  return page.evaluate(
    async ({ file, title }) => {
      const raw = localStorage.getItem('auth-storage');
      const state = raw ? (JSON.parse(raw) as { state: { accessToken: string } }).state : null;
      const headers = { Authorization: `Bearer ${state?.accessToken ?? ''}` };
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'application/json' }), 'export.json');
      const imported = await fetch('/api/v1/users/me/import', {
        method: 'POST',
        headers,
        body: form,
      });
      if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
      const list = await fetch('/api/v1/chat/conversations/?offset=0&limit=20', { headers });
      const body = (await list.json()) as { conversations: { id: string; title: string }[] };
      const chat = body.conversations.find((c) => c.title === title);
      if (!chat) throw new Error('the imported chat is not listed');
      return chat.id;
    },
    { file: JSON.stringify(longChatExport(turns, title, rare)), title },
  );
}
