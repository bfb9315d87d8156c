import type { Kysely, Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema';
import type { ChatServices } from '../chat';
import type { ConversationsService } from '../conversations';
import type { VaultAttachmentRow, VaultChatsRepository } from './vault-chats.repository';

export type VaultConversationRow = Selectable<ConversationsTable>;
export type VaultMessageRow = Awaited<
  ReturnType<ChatServices['records']['ofConversations']>
>[number];
export type { VaultAttachmentRow } from './vault-chats.repository';

/** The rows of one vault item: a chat, or a comparison with each panel's chat. */
export interface ItemRows {
  conversations: VaultConversationRow[];
  messages: VaultMessageRow[];
  attachments: VaultAttachmentRow[];
  comparison: { id: string; title: string } | undefined;
}

/** How each text of an item is rewritten (sealed going in, opened coming out). */
export interface ItemRewrite {
  conversationTitle(row: VaultConversationRow): string;
  messageContent(row: VaultMessageRow): string;
  messageResponse(row: VaultMessageRow): string | null;
  /** The answer's tool rows and citations (JSON text, or null when none). */
  messageTools(row: VaultMessageRow): { tool_calls: string | null; citations: string | null };
  attachmentName(row: VaultAttachmentRow): string;
  /** The file's new storage name (its bytes were rewritten under it beforehand). */
  attachmentStorage(row: VaultAttachmentRow): string;
  comparisonTitle(id: string, title: string): string;
}

export type Side = { kind: 'owned' | 'vault'; userId: string };

/**
 * The vault's items read and moved through each table's owner (chat's turns, conversations'
 * rows, the vault's own files' rows and sessions), a move in one transaction.
 */
export class VaultItems {
  constructor(
    private readonly deps: {
      files: VaultChatsRepository;
      records: ChatServices['records'];
      conversations: ConversationsService;
    },
  ) {}

  /** The vault's chats of `userId`, latest first, with how many turns each shows. */
  async list(userId: string): Promise<Array<VaultConversationRow & { message_count: number }>> {
    const chats = await this.deps.conversations.inVault(userId);
    const counts = await this.deps.records.countsOf(chats.flatMap((c) => c.panel_ids));
    return chats.map(({ panel_ids: panels, ...chat }) => ({
      ...chat,
      message_count: panels.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0),
    }));
  }

  /** The item in the vault of `userId` (or owned by `userId`, for moving in). */
  find(side: Side, conversationId: string): Promise<ItemRows | undefined> {
    return this.#load(this.deps, side, conversationId);
  }

  /**
   * Rewrites every text of the item and hands it to the other side, in one transaction.
   * Undefined when the item is not (or no longer) on the `from` side.
   */
  move(
    from: Side,
    conversationId: string,
    rewrite: ItemRewrite,
    now: string,
  ): Promise<ItemRows | undefined> {
    return this.deps.files.transaction(async (trx) => {
      const within = this.#within(trx);
      const rows = await this.#load(within, from, conversationId);
      if (rows === undefined) return undefined;
      const intoVault = from.kind === 'owned';
      const { userId } = from;
      const owner = intoVault ? null : userId;
      const moveChats = async () => {
        for (const chat of rows.conversations)
          await within.conversations.moveSide(chat.id, {
            intoVault,
            userId,
            title: rewrite.conversationTitle(chat),
            now,
          });
      };
      // Into the vault: the chat leaves the index first, so no sealed text is ever indexed.
      // Out of it: the turns are plain again before the chat rejoins the index.
      if (intoVault) await moveChats();
      for (const message of rows.messages)
        await within.records.rewrite(message.id, {
          user_id: owner,
          visitor_id: null,
          content: rewrite.messageContent(message),
          response: rewrite.messageResponse(message),
          ...rewrite.messageTools(message),
        });
      for (const file of rows.attachments)
        await within.files.rewriteFile(file.id, {
          user_id: owner,
          filename: rewrite.attachmentName(file),
          storage_name: rewrite.attachmentStorage(file),
        });
      if (rows.comparison !== undefined)
        await within.files.moveComparison(rows.comparison.id, {
          intoVault,
          userId,
          title: rewrite.comparisonTitle(rows.comparison.id, rows.comparison.title),
        });
      if (!intoVault) await moveChats();
      return rows;
    });
  }

  /** A turn in the vault of `userId`, with its chat. */
  findTurn(
    userId: string,
    messageId: string,
  ): Promise<{ id: string; conversation_id: string } | undefined> {
    return this.deps.records.findInVault(userId, messageId);
  }

  /** Shows a version: chosen now, and the chat's branch ends at `leafId` below it. */
  chooseVersion(messageId: string, chatId: string, leafId: string, now: string): Promise<void> {
    return this.deps.files.transaction(async (trx) => {
      const within = this.#within(trx);
      await within.records.choose(messageId, now);
      await within.conversations.setCurrentLeaf(chatId, leafId);
    });
  }

  /** After a move in: the plain versions of what was sealed leave the database's files. */
  dropOldPageVersions(): Promise<void> {
    return this.deps.files.dropOldPageVersions();
  }

  #within(trx: Kysely<Database>): VaultItems['deps'] {
    return {
      files: this.deps.files.within(trx),
      records: this.deps.records.within(trx),
      conversations: this.deps.conversations.within(trx),
    };
  }

  async #load(
    from: VaultItems['deps'],
    side: Side,
    conversationId: string,
  ): Promise<ItemRows | undefined> {
    const conversations = await from.conversations.vaultItem(side, conversationId);
    const root = conversations.find((c) => c.id === conversationId);
    if (root === undefined) return undefined;
    const messages = await from.records.ofConversations(conversations.map((c) => c.id));
    const attachments = await from.files.filesOf(messages.map((m) => m.id));
    const comparison =
      root.comparison_id === null
        ? undefined
        : await from.files.comparison(side, root.comparison_id);
    return { conversations, messages, attachments, comparison };
  }
}
