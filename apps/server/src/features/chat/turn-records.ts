import type { Insertable, Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { MessagesRepository, type MessageRow } from './messages.repository';
import { SharedTurnsRepository } from './shared-turns.repository';

/**
 * What other features may read and write of stored turns (the messages table is chat's: its
 * one repository queries it). The vault reads its chats' turns and rewrites them on a move.
 */
export class TurnRecords {
  readonly #shared: SharedTurnsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages = new MessagesRepository(db),
  ) {
    this.#shared = new SharedTurnsRepository(db);
  }

  /** The same over `db` (a transaction that moves a chat with its turns). */
  within(db: Kysely<Database>): TurnRecords {
    return new TurnRecords(db);
  }

  /** Turns of an account import, new rows whole (in the import's transaction). */
  insertImported(rows: ReadonlyArray<Insertable<MessagesTable>>): Promise<void> {
    return this.#shared.insertImported(rows);
  }

  /** A stored turn, whoever it belongs to (the vault opens its sealed answer). */
  find(id: string): Promise<MessageRow | undefined> {
    return this.messages.findById(id);
  }

  /** Every turn of these conversations, oldest first. */
  ofConversations(conversationIds: readonly string[]): Promise<MessageRow[]> {
    return this.#shared.ofConversations(conversationIds);
  }

  /** How many turns each of these conversations has. */
  countsOf(conversationIds: readonly string[]): Promise<Map<string, number>> {
    return this.#shared.countsOf(conversationIds);
  }

  /** Hands a turn to another owner with its texts rewritten (sealed, or opened). */
  rewrite(
    id: string,
    changes: Pick<
      MessageRow,
      'user_id' | 'visitor_id' | 'content' | 'response' | 'tool_calls' | 'citations'
    >,
  ): Promise<void> {
    return this.messages.update(id, changes);
  }

  /** Every panel turn of the owner's comparison, oldest first. */
  ofComparison(owner: ChatOwner, comparisonId: string): Promise<MessageRow[]> {
    return this.#shared.ofComparison(owner, comparisonId);
  }

  /** The owner's comparisons whose turns or answers contain `pattern` (a LIKE pattern). */
  comparisonsMentioning(owner: ChatOwner, pattern: string): Promise<string[]> {
    return this.#shared.comparisonsMentioning(owner, pattern);
  }

  /** Completed comparison answers' timings (one owner's, or everyone's) since `since`. */
  comparisonTimings(
    owner: ChatOwner | null,
    since: string | null,
  ): ReturnType<SharedTurnsRepository['comparisonTimings']> {
    return this.#shared.comparisonTimings(owner, since);
  }

  /** "Continue with this one": a panel's finished turns copied into a chat, as its branch. */
  copyLinear(
    owner: ChatOwner,
    fromConversationId: string,
    toConversationId: string,
  ): Promise<{ leafId: string; lastAt: string } | null> {
    return this.#shared.copyLinear(owner, fromConversationId, toConversationId);
  }

  /** A turn in the vault of `userId`, with its chat; undefined for any other. */
  findInVault(
    userId: string,
    messageId: string,
  ): Promise<{ id: string; conversation_id: string } | undefined> {
    return this.#shared.findInVault(userId, messageId);
  }

  /** Running turns of the chats in the vault of `userId` (of one turn, when given). */
  runningInVault(userId: string, messageId?: string): Promise<Array<{ id: string }>> {
    return this.#shared.findRunningInVault(userId, messageId);
  }

  /** Notes a version as chosen now (the branch shown follows the latest chosen child). */
  choose(id: string, now: string): Promise<void> {
    return this.messages.update(id, { chosen_at: now });
  }
}
