import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';
import type { Citation, ShareSnapshot, ToolCallView } from '@parallax/contract';

/** The model a copied turn names: the viewer picks a real one for their next message. */
const SHARED_MODEL = 'shared';

export interface CopiedTurn {
  question: string;
  answer: string | null;
  provider: string | null;
  modelName: string | null;
  toolCalls?: ToolCallView[] | undefined;
  citations?: Citation[] | undefined;
}

/** The turns a viewer's copy starts from: the chat's, or one panel's thread of a comparison. */
export function turnsToCopy(snapshot: ShareSnapshot, panel: number): CopiedTurn[] {
  if (snapshot.kind === 'conversation')
    return snapshot.turns.map((t) => ({
      question: t.question,
      answer: t.answer,
      provider: t.provider,
      modelName: t.model_friendly_name,
      toolCalls: t.tool_calls,
      citations: t.citations,
    }));
  const shown = snapshot.panels[panel];
  return snapshot.turns.flatMap((turn) => {
    const answer = turn.answers.find((a) => a.panel === panel);
    if (!answer) return [];
    return [
      {
        question: turn.prompt,
        answer: answer.answer,
        provider: shown?.provider ?? null,
        modelName: shown?.model_friendly_name ?? shown?.label ?? null,
        toolCalls: answer.tool_calls,
        citations: answer.citations,
      },
    ];
  });
}

/** Distinct, increasing times a millisecond apart, so the copy keeps the turns' order. */
function timesFrom(start: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(start + i).toISOString());
}

/** The rows of a new chat of `owner` holding `turns`, each turn the parent of the next. */
export function copiedRows(
  owner: ChatOwner,
  title: string,
  turns: readonly CopiedTurn[],
  now = Date.now(),
): { conversation: Insertable<ConversationsTable>; messages: Insertable<MessagesTable>[] } {
  const conversationId = randomUUID();
  const times = timesFrom(now - turns.length, turns.length);
  const owned = ownerColumns(owner);
  const messages: Insertable<MessagesTable>[] = [];
  turns.forEach((turn, i) => {
    const at = times[i] ?? new Date(now).toISOString();
    messages.push({
      id: randomUUID(),
      ...owned,
      conversation_id: conversationId,
      comparison_id: null,
      content: turn.question,
      response: turn.answer,
      provider: turn.provider ?? 'openai',
      model: SHARED_MODEL,
      model_friendly_name: turn.modelName ?? 'Shared',
      status: 'completed',
      input_tokens: null,
      output_tokens: null,
      error: null,
      error_code: null,
      request_id: randomUUID(),
      include_history: 1,
      owner_process: null,
      charged_day: null,
      created_at: at,
      updated_at: at,
      ttft_ms: null,
      stream_ms: null,
      parent_id: messages[i - 1]?.id ?? null,
      chosen_at: at,
      tool_calls: turn.toolCalls?.length ? JSON.stringify(turn.toolCalls) : null,
      citations: turn.citations?.length ? JSON.stringify(turn.citations) : null,
    });
  });
  const created = new Date(now).toISOString();
  return {
    conversation: {
      id: conversationId,
      ...owned,
      title,
      title_set: 1,
      kind: 'regular',
      is_favourite: 0,
      project_id: null,
      comparison_id: null,
      created_at: created,
      updated_at: created,
      last_message_at: messages.at(-1)?.created_at ?? null,
      current_leaf_id: messages.at(-1)?.id ?? null,
    },
    messages,
  };
}

/** Writes the copy in one transaction: a half-copied chat never shows. */
export async function insertCopy(
  db: Kysely<Database>,
  stores: {
    conversations: {
      within(db: Kysely<Database>): {
        insertImported(rows: ReadonlyArray<Insertable<ConversationsTable>>): Promise<void>;
      };
    };
    turns: {
      within(db: Kysely<Database>): {
        insertImported(rows: ReadonlyArray<Insertable<MessagesTable>>): Promise<void>;
      };
    };
  },
  rows: ReturnType<typeof copiedRows>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await stores.conversations.within(trx).insertImported([rows.conversation]);
    await stores.turns.within(trx).insertImported(rows.messages);
  });
}
