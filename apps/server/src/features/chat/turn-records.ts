import type { Insertable, Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema';
import { MessagesRepository, type MessageRow } from './messages.repository';

/**
 * What other features may read and write of stored turns (the messages table is chat's: its
 * one repository queries it). The vault reads its chats' turns and rewrites them on a move.
 */
export class TurnRecords {
  constructor(private readonly messages: MessagesRepository) {}

  /** The same over `db` (a transaction that moves a chat with its turns). */
  within(db: Kysely<Database>): TurnRecords {
    return new TurnRecords(new MessagesRepository(db));
  }

  /** Turns of an account import, new rows whole (in the import's transaction). */
  insertImported(rows: ReadonlyArray<Insertable<MessagesTable>>): Promise<void> {
    return this.messages.insertImported(rows);
  }

  /** A stored turn, whoever it belongs to (the vault opens its sealed answer). */
  find(id: string): Promise<MessageRow | undefined> {
    return this.messages.findById(id);
  }

  /** Every turn of these conversations, oldest first. */
  ofConversations(conversationIds: readonly string[]): Promise<MessageRow[]> {
    return this.messages.ofConversations(conversationIds);
  }

  /** How many turns each of these conversations has. */
  countsOf(conversationIds: readonly string[]): Promise<Map<string, number>> {
    return this.messages.countsOf(conversationIds);
  }

  /** Hands a turn to another owner with its texts rewritten (sealed, or opened). */
  rewrite(
    id: string,
    changes: Pick<MessageRow, 'user_id' | 'visitor_id' | 'content' | 'response'>,
  ): Promise<void> {
    return this.messages.update(id, changes);
  }

  /** A turn in the vault of `userId`, with its chat; undefined for any other. */
  findInVault(
    userId: string,
    messageId: string,
  ): Promise<{ id: string; conversation_id: string } | undefined> {
    return this.messages.findInVault(userId, messageId);
  }

  /** Running turns of the chats in the vault of `userId` (of one turn, when given). */
  runningInVault(userId: string, messageId?: string): Promise<Array<{ id: string }>> {
    return this.messages.findRunningInVault(userId, messageId);
  }

  /** Notes a version as chosen now (the branch shown follows the latest chosen child). */
  choose(id: string, now: string): Promise<void> {
    return this.messages.update(id, { chosen_at: now });
  }
}
