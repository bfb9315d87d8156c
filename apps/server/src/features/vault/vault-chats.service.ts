import { ProviderName, type VaultChat, type VaultChatDetail } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AttachmentsService } from '../attachments/attachments.service';
import { AppError } from '../../infra/errors';
import {
  choiceTime,
  groupByQuestion,
  leafBelow,
  singleVersion,
  versionsOf,
  type TurnVersions,
  type Versions,
} from '../chat';
import { toolRecordOf } from '../chat';
import { branchOf } from './vault-branch';
import { open, openText, seal, sealText } from './vault-crypto';
import { aad } from './vault-stored-form';
import type {
  ItemRewrite,
  ItemRows,
  VaultAttachmentRow,
  VaultConversationRow,
  VaultItems,
  VaultMessageRow,
} from './vault-items';

const NOT_FOUND = 'Conversation not found.';
const UNREADABLE = 'This vault item cannot be opened with the current vault key.';

/**
 * The turns each chat shows: its current branch (a regenerated turn's other versions are named
 * by its sibling ids), or every turn of a chat without one.
 */
function shownTurns(rows: ItemRows): VaultMessageRow[] {
  const shown = new Set<string>();
  for (const chat of rows.conversations) {
    const own = rows.messages.filter((m) => m.conversation_id === chat.id);
    const turns = chat.current_leaf_id === null ? own : branchOf(own, chat.current_leaf_id);
    for (const turn of turns) shown.add(turn.id);
  }
  return rows.messages.filter((m) => shown.has(m.id));
}

/** The versions of each turn; a comparison keeps one answer per turn. */
function versionsIn(rows: ItemRows, root: VaultConversationRow): Map<string, Versions> {
  if (root.kind === 'comparison') return new Map();
  return versionsOf(rows.messages);
}

/** The versions of a shown turn grouped by question (its siblings' questions opened with `key`). */
function groupedVersions(
  rows: ItemRows,
  versions: Map<string, Versions>,
  key: Buffer,
  id: string,
): TurnVersions {
  const siblings = versions.get(id)?.ids ?? [];
  if (siblings.length < 2) return singleVersion(id);
  return groupByQuestion(
    siblings.flatMap((siblingId) => {
      const row = rows.messages.find((m) => m.id === siblingId);
      return row ? [{ ...row, question: openText(key, row.content, aad.content(row.id)) }] : [];
    }),
    id,
  );
}

const providerOf = (value: string): ProviderName => ProviderName.catch('openai').parse(value);

function mustOpen(key: Buffer, sealed: string, associatedData: string): string {
  const text = openText(key, sealed, associatedData);
  if (text === null) throw new AppError('conflict', UNREADABLE);
  return text;
}

/**
 * Chats and comparisons in the vault: every title, turn, answer, file name and file sealed
 * with AES-256-GCM under the vault key (a fresh nonce per write), and opened only for a caller
 * whose vault session is live.
 */
export class VaultChatsService {
  constructor(
    private readonly chats: VaultItems,
    private readonly attachments: AttachmentsService,
    /** Drops the replay logs of turns (their streamed tokens, kept for reconnects). */
    private readonly forgetReplay: (messageIds: readonly string[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(userId: string, key: Buffer): Promise<VaultChat[]> {
    const rows = await this.chats.list(userId);
    return rows.map((row) => ({
      id: row.id,
      title: openText(key, row.title, aad.title(row.id)) ?? '',
      kind: row.kind,
      message_count: row.message_count,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  }

  async get(userId: string, key: Buffer, id: string): Promise<VaultChatDetail> {
    const rows = await this.chats.find({ kind: 'vault', userId }, id);
    const root = rows?.conversations.find((c) => c.id === id);
    if (rows === undefined || root === undefined) throw new AppError('not_found', NOT_FOUND);
    const filesOf = (messageId: string) =>
      rows.attachments
        .filter((a) => a.message_id === messageId)
        .map((a) => ({
          id: a.id,
          filename: mustOpen(key, a.filename, aad.filename(a.id)),
          content_type: a.content_type,
          size: a.size,
        }));
    const shown = shownTurns(rows);
    const versions = versionsIn(rows, root);
    return {
      id: root.id,
      title: mustOpen(key, root.title, aad.title(root.id)),
      kind: root.kind,
      message_count: shown.length,
      created_at: root.created_at,
      updated_at: root.updated_at,
      messages: shown.map((m) => {
        const grouped = groupedVersions(rows, versions, key, m.id);
        return {
          id: m.id,
          conversation_id: m.conversation_id ?? root.id,
          content: mustOpen(key, m.content, aad.content(m.id)),
          response: m.response === null ? null : mustOpen(key, m.response, aad.response(m.id)),
          model: m.model,
          model_friendly_name: m.model_friendly_name,
          status: m.status,
          created_at: m.created_at,
          attachments: filesOf(m.id),
          provider: providerOf(m.provider),
          parent_id: m.parent_id,
          sibling_ids: grouped.siblings.ids,
          sibling_index: grouped.siblings.index,
          question_version_ids: grouped.questions.ids,
          question_version_index: grouped.questions.index,
          answer_sibling_ids: grouped.answers.ids,
          answer_sibling_index: grouped.answers.index,
          error: m.error,
          ...openedToolRecord(key, m),
        };
      }),
    };
  }

  /**
   * Shows another version of a turn: the chat's branch becomes that version and, below it, the
   * turns shown with it last (as chat history does). Answers the chat with the new branch.
   */
  async selectVersion(userId: string, key: Buffer, messageId: string): Promise<VaultChatDetail> {
    const turn = await this.chats.findTurn(userId, messageId);
    if (turn === undefined) throw new AppError('not_found', 'Message not found');
    const rows = await this.chats.find({ kind: 'vault', userId }, turn.conversation_id);
    const chat = rows?.conversations.find((c) => c.id === turn.conversation_id);
    if (rows === undefined || chat === undefined) throw new AppError('not_found', NOT_FOUND);
    if (chat.kind !== 'comparison') {
      const own = rows.messages.filter((m) => m.conversation_id === chat.id);
      await this.chats.chooseVersion(
        turn.id,
        chat.id,
        leafBelow(own, turn.id),
        choiceTime(own, turn.id, new Date()),
      );
    }
    return this.get(userId, key, chat.id);
  }

  /** A vault file's name, type and opened bytes. */
  async file(
    userId: string,
    key: Buffer,
    chatId: string,
    attachmentId: string,
  ): Promise<{ filename: string; contentType: string; data: Buffer }> {
    const rows = await this.chats.find({ kind: 'vault', userId }, chatId);
    const row = rows?.attachments.find((a) => a.id === attachmentId);
    if (row === undefined) throw new AppError('not_found', 'Attachment not found.');
    const data = open(key, (await this.attachments.read(row)).toString('latin1'), aad.file(row.id));
    if (data === null) throw new AppError('conflict', UNREADABLE);
    return {
      filename: mustOpen(key, row.filename, aad.filename(row.id)),
      contentType: row.content_type,
      data,
    };
  }

  async moveIn(userId: string, key: Buffer, conversationId: string): Promise<void> {
    const rewrite = (storage: Map<string, string>): ItemRewrite => ({
      conversationTitle: (c: VaultConversationRow) => sealText(key, c.title, aad.title(c.id)),
      messageContent: (m: VaultMessageRow) => sealText(key, m.content, aad.content(m.id)),
      messageResponse: (m: VaultMessageRow) =>
        m.response === null ? null : sealText(key, m.response, aad.response(m.id)),
      messageTools: (m: VaultMessageRow) => ({
        tool_calls: m.tool_calls === null ? null : sealText(key, m.tool_calls, aad.toolCalls(m.id)),
        citations: m.citations === null ? null : sealText(key, m.citations, aad.citations(m.id)),
      }),
      attachmentName: (a: VaultAttachmentRow) => sealText(key, a.filename, aad.filename(a.id)),
      attachmentStorage: (a: VaultAttachmentRow) => storage.get(a.id) ?? a.storage_name,
      comparisonTitle: (id: string, title: string) => sealText(key, title, aad.comparison(id)),
    });
    const moved = await this.#move(
      { kind: 'owned', userId },
      conversationId,
      rewrite,
      async (a, data) => Buffer.from(seal(key, data, aad.file(a.id)), 'latin1'),
    );
    // The streamed tokens of its answers would outlive the move in the replay logs.
    await this.forgetReplay(moved.messages.map((m) => m.id));
    // The move is done whatever happens here: a failure only leaves the old versions to the
    // database's own clean-up.
    await this.chats
      .dropOldPageVersions()
      .catch((error: unknown) => this.log.warn({ err: error }, 'dropping old row versions failed'));
  }

  async moveOut(userId: string, key: Buffer, conversationId: string): Promise<void> {
    const rewrite = (storage: Map<string, string>): ItemRewrite => ({
      conversationTitle: (c: VaultConversationRow) => mustOpen(key, c.title, aad.title(c.id)),
      messageContent: (m: VaultMessageRow) => mustOpen(key, m.content, aad.content(m.id)),
      messageResponse: (m: VaultMessageRow) =>
        m.response === null ? null : mustOpen(key, m.response, aad.response(m.id)),
      messageTools: (m: VaultMessageRow) => ({
        tool_calls: m.tool_calls === null ? null : mustOpen(key, m.tool_calls, aad.toolCalls(m.id)),
        citations: m.citations === null ? null : mustOpen(key, m.citations, aad.citations(m.id)),
      }),
      attachmentName: (a: VaultAttachmentRow) => mustOpen(key, a.filename, aad.filename(a.id)),
      attachmentStorage: (a: VaultAttachmentRow) => storage.get(a.id) ?? a.storage_name,
      comparisonTitle: (id: string, title: string) => mustOpen(key, title, aad.comparison(id)),
    });
    await this.#move({ kind: 'vault', userId }, conversationId, rewrite, async (a, data) => {
      const plain = open(key, data.toString('latin1'), aad.file(a.id));
      if (plain === null) throw new AppError('conflict', UNREADABLE);
      return plain;
    });
  }

  /**
   * Files first, under new names (the old ones stay until the rows point at the new ones), then
   * every row in one transaction; the files of the side that lost are removed afterwards.
   */
  async #move(
    from: { kind: 'owned' | 'vault'; userId: string },
    conversationId: string,
    rewrite: (storage: Map<string, string>) => ItemRewrite,
    rewriteFile: (row: VaultAttachmentRow, data: Buffer) => Promise<Buffer>,
  ): Promise<ItemRows> {
    const before: ItemRows | undefined = await this.chats.find(from, conversationId);
    if (before === undefined) throw new AppError('not_found', NOT_FOUND);
    // A running answer would go on writing its text where it was: move it once it ended.
    if (before.messages.some((m) => m.status === 'pending' || m.status === 'streaming'))
      throw new AppError('conflict', 'Wait for the answer to finish, then move this chat.');
    const storage = new Map<string, string>();
    try {
      for (const row of before.attachments) {
        const data = await rewriteFile(row, await this.attachments.read(row));
        storage.set(row.id, await this.attachments.storeCopy(data));
      }
      const moved = await this.chats.move(
        from,
        conversationId,
        rewrite(storage),
        new Date().toISOString(),
      );
      if (moved === undefined) throw new AppError('not_found', NOT_FOUND);
      const stale = moved.attachments.filter((a) => storage.has(a.id)).map((a) => a.storage_name);
      await this.attachments.deleteFiles(stale);
      return moved;
    } catch (error) {
      await this.attachments.deleteFiles([...storage.values()]);
      throw error;
    }
  }
}

/** A vault turn's tool rows and citations, opened for its view (none when they do not open). */
function openedToolRecord(key: Buffer, m: VaultMessageRow): ReturnType<typeof toolRecordOf> {
  return toolRecordOf(
    {
      tool_calls: m.tool_calls === null ? null : openText(key, m.tool_calls, aad.toolCalls(m.id)),
      citations: m.citations === null ? null : openText(key, m.citations, aad.citations(m.id)),
    },
    m.status !== 'pending' && m.status !== 'streaming',
  );
}
