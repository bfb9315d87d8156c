import { randomUUID } from 'node:crypto';
import {
  CHAT_SETTINGS_LIMITS,
  PERSONALIZATION_LIMITS,
  PROVIDERS,
  type ExportedTurn,
  type ImportResponse,
} from '@parallax/contract';
import type { Insertable, Kysely } from 'kysely';
import type {
  ChatPersonalizationTable,
  ChatSettingsTable,
  ConversationsTable,
  Database,
  MessagesTable,
} from '../../db/schema';
import { AppError } from '../../infra/errors';
import { timeOrderedId } from '../../infra/time-ordered-id';
import type { ChatServices } from '../chat';
import type { ConversationsService } from '../conversations';
import type { KnowledgeService } from '../knowledge';
import { planImport } from './import-file';
import { ImportFileError, type AccountSettingsPlan, type ImportPlan } from './import-plan';
import { ImportRepository } from './import.repository';

/** Statuses an imported turn may keep; a running one from the file is stored as completed. */
const SETTLED = new Set(['completed', 'error', 'cancelled']);
const IMPORTED_MODEL = 'imported';

/**
 * Adds an export file's projects (with their knowledge files) and chats (with their settings
 * and personalization switch) to a user's account, as new rows with new ids, and the account
 * settings it carries: presets and memories beside the account's own, its custom instructions
 * only to an account that has none yet, its stars on the models this server has.
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
    const importedAt = new Date().toISOString();
    const conversations: Insertable<ConversationsTable>[] = [];
    const messages: Insertable<MessagesTable>[] = [];
    const chatSettings: Insertable<ChatSettingsTable>[] = [];
    const chatSwitches: Insertable<ChatPersonalizationTable>[] = [];
    for (const c of plan.conversations) {
      const id = randomUUID();
      if (c.settings)
        chatSettings.push({
          conversation_id: id,
          settings: JSON.stringify(c.settings),
          updated_at: importedAt,
        });
      // On is what a chat without a row reads.
      if (c.personalization_enabled === false)
        chatSwitches.push({ conversation_id: id, user_id: userId, enabled: 0 });
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
    let added = { presets: 0, memories: 0 };
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
        await repository.insertChatSettings(chatSettings);
        await repository.insertChatPersonalization(chatSwitches);
        if (plan.account) added = await importAccountSettings(repository, userId, plan.account);
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
      ...added,
    };
  }
}

/**
 * The account's settings from the file, beside what the account has: a preset named like one
 * of its own and a memory it already remembers are left out; more than the account may keep
 * refuses the file, naming the field.
 */
async function importAccountSettings(
  repository: ImportRepository,
  userId: string,
  account: AccountSettingsPlan,
): Promise<{ presets: number; memories: number }> {
  const now = Date.now();
  const presets = await repository.presetsOf(userId);
  const presetNames = new Set(presets.map((p) => p.name));
  const newPresets = (account.presets ?? []).filter((p) => !presetNames.has(p.name));
  if (presets.length + newPresets.length > CHAT_SETTINGS_LIMITS.presets)
    throw new AppError(
      'validation_error',
      `presets: the account has ${presets.length} presets and the file adds ${newPresets.length}; at most ${CHAT_SETTINGS_LIMITS.presets} can be kept.`,
    );
  // One default per account: the file's only when the account has none.
  let defaultFree = !presets.some((p) => p.is_default === 1);
  await repository.insertPresets(
    newPresets.map((p) => {
      const isDefault = p.is_default && defaultFree;
      if (isDefault) defaultFree = false;
      return {
        id: randomUUID(),
        user_id: userId,
        name: p.name,
        provider: p.provider,
        model: p.model,
        settings: JSON.stringify(p.settings),
        is_default: isDefault ? 1 : 0,
        created_at: p.created_at,
        updated_at: p.updated_at,
      };
    }),
  );

  if (account.personalization && !(await repository.hasPersonalization(userId))) {
    const { about, style, instructions_enabled, memory_enabled } = account.personalization;
    await repository.insertPersonalization({
      user_id: userId,
      about,
      style,
      enabled: instructions_enabled ? 1 : 0,
      memory_enabled: memory_enabled ? 1 : 0,
      updated_at: new Date(now).toISOString(),
    });
  }

  const remembered = new Set(await repository.memoryTextsOf(userId));
  const newMemories = (account.memories ?? []).filter((m) => !remembered.has(m.text));
  if (remembered.size + newMemories.length > PERSONALIZATION_LIMITS.memoriesMax)
    throw new AppError(
      'validation_error',
      `memories: the account remembers ${remembered.size} facts and the file adds ${newMemories.length}; at most ${PERSONALIZATION_LIMITS.memoriesMax} can be kept.`,
    );
  // The file lists the newest first: ids made oldest first count up in time and break ties.
  await repository.insertMemories(
    [...newMemories].reverse().map((m) => ({
      id: timeOrderedId(),
      user_id: userId,
      text: m.text,
      source_message_id: null,
      created_at: m.created_at,
      updated_at: m.updated_at,
    })),
  );

  // Newest star first in the file: each a millisecond before the one above it keeps the order.
  await repository.insertModelFavourites(
    userId,
    (account.model_favourites ?? []).map((modelId, i) => ({
      modelId,
      at: new Date(now - i).toISOString(),
    })),
  );
  return { presets: newPresets.length, memories: newMemories.length };
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
    // An imported answer is over: a call it shows running never ends.
    tool_calls: turn.tool_calls?.length
      ? JSON.stringify(
          turn.tool_calls.map((c) =>
            c.status === 'running' ? { ...c, status: 'cancelled' as const } : c,
          ),
        )
      : null,
    citations: turn.citations?.length ? JSON.stringify(turn.citations) : null,
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
