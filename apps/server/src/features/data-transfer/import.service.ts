import { randomUUID } from 'node:crypto';
import { PROVIDERS, type ExportedTurn, type ImportResponse } from '@parallax/contract';
import type { Insertable, Kysely } from 'kysely';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { ChatServices } from '../chat';
import type { ConversationsService } from '../conversations';
import type { KnowledgeService } from '../knowledge';
import { planImport } from './import-file';
import { ImportFileError, type ImportPlan } from './import-plan';
import { ImportRepository } from './import.repository';

/** Statuses an imported turn may keep; a running one from the file is stored as completed. */
const SETTLED = new Set(['completed', 'error', 'cancelled']);
const IMPORTED_MODEL = 'imported';

/**
 * Adds an export file's projects (with their knowledge files) and chats to a user's account,
 * as new rows with new ids.
 */
export class ImportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly knowledge: KnowledgeService,
    /** The owners of the rows an import adds besides projects: conversations', chat's turns. */
    private readonly owners: {
      conversations: ConversationsService;
      turns: Pick<ChatServices, 'records'>['records'];
    },
  ) {}

  async import(userId: string, file: Uint8Array): Promise<ImportResponse> {
    let plan: ImportPlan;
    try {
      plan = planImport(file);
    } catch (error) {
      if (error instanceof ImportFileError)
        throw new AppError('validation_error', `file: ${error.message}`);
      throw error;
    }
    const projectIds = new Map(plan.projects.map((p) => [p.id, randomUUID()]));
    const conversations: Insertable<ConversationsTable>[] = [];
    const messages: Insertable<MessagesTable>[] = [];
    for (const c of plan.conversations) {
      const id = randomUUID();
      const times = increasingTimes(c.turns.map((t) => t.created_at));
      // An export holds one branch: each turn's parent is the turn before it.
      const rows = c.turns.map((turn, i) =>
        toMessageRow(userId, id, turn, times[i] ?? c.created_at),
      );
      rows.forEach((row, i) => (row.parent_id = rows[i - 1]?.id ?? null));
      conversations.push({
        id,
        user_id: userId,
        visitor_id: null,
        title: c.title,
        title_set: 1,
        // Comparisons need their session and panels, which an export does not carry.
        kind: c.kind === 'comparison' ? 'regular' : c.kind,
        is_favourite: c.is_favourite ? 1 : 0,
        project_id: (c.project_id && projectIds.get(c.project_id)) ?? null,
        comparison_id: null,
        created_at: c.created_at,
        updated_at: c.updated_at,
        last_message_at: times.at(-1) ?? null,
        current_leaf_id: rows.at(-1)?.id ?? null,
      });
      messages.push(...rows);
    }
    const stored: string[] = [];
    let fileIds: string[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        const repository = new ImportRepository(trx);
        await repository.insertProjects(
          plan.projects.map(({ files: _files, ...p }) => ({
            ...p,
            id: projectIds.get(p.id) ?? randomUUID(),
            user_id: userId,
            archived: p.archived ? 1 : 0,
          })),
        );
        await this.owners.conversations.within(trx).insertImported(conversations);
        await this.owners.turns.within(trx).insertImported(messages);
        fileIds = await this.knowledge.insertImported(
          trx,
          userId,
          plan.knowledge.map((file) => ({
            filename: file.filename,
            data: file.data,
            // Always mapped: the plan reads files only for the projects it holds.
            projectId: projectIds.get(file.projectId) ?? file.projectId,
          })),
          stored,
        );
      });
    } catch (error) {
      await this.knowledge.discardStored(stored);
      throw error;
    }
    this.knowledge.indexImported(fileIds);
    return {
      source: plan.source,
      projects: plan.projects.length,
      conversations: conversations.length,
      messages: messages.length,
    };
  }
}

function toMessageRow(
  userId: string,
  conversationId: string,
  turn: ExportedTurn,
  at: string,
): Insertable<MessagesTable> {
  const provider = (PROVIDERS as readonly string[]).includes(turn.provider ?? '')
    ? (turn.provider as string)
    : 'openai';
  return {
    id: randomUUID(),
    user_id: userId,
    visitor_id: null,
    conversation_id: conversationId,
    comparison_id: null,
    content: turn.content,
    response: turn.response,
    provider,
    model: turn.model ?? IMPORTED_MODEL,
    model_friendly_name: turn.model_friendly_name ?? turn.model ?? 'Imported',
    status: SETTLED.has(turn.status) ? turn.status : 'completed',
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
    parent_id: null,
    chosen_at: at,
  };
}

/** History is ordered by time: each turn at least 1 ms after the one before it. */
function increasingTimes(times: string[]): string[] {
  let last = 0;
  return times.map((time) => {
    const ms = Math.max(Date.parse(time), last + 1);
    last = ms;
    return new Date(ms).toISOString();
  });
}
