import { sql, type Kysely, type Updateable } from 'kysely';
import { GroupCommit } from '../../db/group-commit';
import type { Database, MessagesTable } from '../../db/schema';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';
import {
  readBranchPage,
  readBranchTurns,
  readHistoryPage,
  type BranchPage,
  type HistoryPage,
} from './message-branch-reads';
import {
  RUNNING_STATUSES,
  TURN_LINK_COLUMNS,
  type MessageRow,
  type NewMessageRow,
  type TurnLink,
} from './message-row';

// Callers read these from the table's repository, as before; their homes are the files named.
export type { BranchPage, HistoryPage } from './message-branch-reads';
export {
  CONTEXT_STATUSES,
  RUNNING_STATUSES,
  type MessageRow,
  type NewMessageRow,
  type TurnLink,
} from './message-row';

export class MessagesRepository {
  /** Turns' final states with their chat's upkeep; made on first use (a trx-bound copy never needs it). */
  #finalStates: GroupCommit<Database> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The one place a turn's row is written: inserted unless the id exists (any owner), so the
   * loser of a duplicate send gets false. `owner` null: a turn no account owns (a vault turn).
   */
  async insertIfAbsent(row: NewMessageRow, owner: ChatOwner | null): Promise<boolean> {
    const result = await this.db
      .insertInto('messages')
      .values({ ...row, ...ownerColumns(owner) })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  findById(id: string): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findOwned(owner: ChatOwner, id: string): Promise<MessageRow | undefined> {
    return this.#owned(owner).where('id', '=', id).executeTakeFirst();
  }

  /** The owner's running turns, narrowed by message id or request id when given. */
  findRunning(
    owner: ChatOwner,
    by: { messageId?: string | undefined; requestId?: string | undefined },
  ): Promise<MessageRow[]> {
    let query = this.#owned(owner).where('status', 'in', RUNNING_STATUSES);
    if (by.messageId !== undefined) query = query.where('id', '=', by.messageId);
    if (by.requestId !== undefined) query = query.where('request_id', '=', by.requestId);
    return query.execute();
  }

  /** How many turns the conversation has, every version counted. */
  async countIn(conversationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A page of the owner's turns on the current branches of all their conversations, newest
   * first (versions that are not shown are left out).
   */
  async page(owner: ChatOwner, page: HistoryPage): Promise<MessageRow[]> {
    return readHistoryPage(this.#owned(owner), owner, page);
  }

  /**
   * A page of one conversation's branch, newest first: the turns above `from` (the leaf, or
   * the oldest turn of the previous page), parent by parent.
   */
  async branchPage(owner: ChatOwner, page: BranchPage): Promise<MessageRow[]> {
    return readBranchPage(this.db, owner, page);
  }

  /**
   * The finished turns of the branch ending at `leafId`, first turn first: what the model is
   * shown before a turn whose parent is `leafId`. Versions on other branches are never read.
   */
  async branchTurns(leafId: string): Promise<MessageRow[]> {
    return readBranchTurns(this.db, leafId);
  }

  /**
   * Where these turns' versions sit in their trees, oldest first: every turn with the same
   * conversation and parent as one of them (a few per turn, read through the parent index).
   */
  siblingLinks(
    turns: ReadonlyArray<Pick<MessageRow, 'conversation_id' | 'parent_id'>>,
  ): Promise<TurnLink[]> {
    const inChats = turns.filter((turn) => turn.conversation_id !== null);
    if (inChats.length === 0) return Promise.resolve([]);
    const parents = [...new Set(inChats.flatMap((turn) => turn.parent_id ?? []))];
    const rootChats = [
      ...new Set(inChats.flatMap((turn) => (turn.parent_id === null ? turn.conversation_id : []))),
    ];
    return this.db
      .selectFrom('messages')
      .select(TURN_LINK_COLUMNS)
      .where((eb) =>
        eb.or([
          ...(parents.length > 0 ? [eb('parent_id', 'in', parents)] : []),
          ...(rootChats.length > 0
            ? [eb.and([eb('parent_id', 'is', null), eb('conversation_id', 'in', rootChats)])]
            : []),
        ]),
      )
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** Where every turn of these conversations sits in its tree, oldest first. */
  links(conversationIds: readonly string[]): Promise<TurnLink[]> {
    if (conversationIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('messages')
      .select(TURN_LINK_COLUMNS)
      .where('conversation_id', 'in', [...new Set(conversationIds)])
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** The questions of these turns (the versions of a page's turns: a few per turn). */
  async questions(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('messages')
      .select(['id', 'content'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.content]));
  }

  async update(id: string, changes: Updateable<MessagesTable>): Promise<void> {
    await this.db.updateTable('messages').set(changes).where('id', '=', id).execute();
  }

  /**
   * Updates only while the turn is still running and owned by `process` (a swept turn stays
   * swept); `then` runs in the same transaction when it did, a transaction that turns ending
   * at the same moment share (db/group-commit.ts).
   */
  async updateRunning(
    id: string,
    process: string,
    changes: Updateable<MessagesTable>,
    then?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<boolean> {
    if (then === undefined) return this.#updateRunning(this.db, id, process, changes);
    this.#finalStates ??= new GroupCommit(this.db);
    return this.#finalStates.run(async (trx) => {
      const updated = await this.#updateRunning(trx, id, process, changes);
      if (updated) await then(trx);
      return updated;
    });
  }

  async #updateRunning(
    db: Kysely<Database>,
    id: string,
    process: string,
    changes: Updateable<MessagesTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('messages')
      .set(changes)
      .where('id', '=', id)
      .where('owner_process', '=', process)
      .where('status', 'in', RUNNING_STATUSES)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Writes the partial answers of running turns owned by `process` in one statement (one
   * statement per streamed turn every 500 ms would be most of the database's load under streaming).
   * A turn that ended or was swept meanwhile is left as it is.
   */
  async writePartials(
    process: string,
    partials: ReadonlyArray<{ id: string; response: string }>,
    now: string,
  ): Promise<void> {
    if (partials.length === 0) return;
    const rows = partials.map(({ id, response }) => sql`(${id}, ${response})`);
    await sql`
      with partial (id, response) as (values ${sql.join(rows)})
      update messages
      set response = partial.response, status = 'streaming', updated_at = ${now}
      from partial
      where messages.id = partial.id
        and messages.owner_process = ${process}
        and messages.status in ('pending', 'streaming')`.execute(this.db);
  }

  /** Claims a failed turn for a retry; false when it is not in error (a parallel retry won). */
  async resetForRetry(
    owner: ChatOwner,
    id: string,
    changes: Updateable<MessagesTable>,
  ): Promise<boolean> {
    const result = await this.#ownedUpdate(owner)
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'error')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Continue: the turn runs again only if no other request has started it meanwhile. */
  async claimForContinue(
    owner: ChatOwner,
    id: string,
    changes: Updateable<MessagesTable>,
  ): Promise<boolean> {
    const result = await this.#ownedUpdate(owner)
      .set(changes)
      .where('id', '=', id)
      .where('status', 'not in', RUNNING_STATUSES)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteOwned(owner: ChatOwner, id: string): Promise<void> {
    await this.#ownedDelete(owner).where('id', '=', id).execute();
  }

  /** Deletes a visitor's turns; returns how many. */
  async deleteVisitorMessages(visitorId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('messages')
      .where('visitor_id', '=', visitorId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ user_id: userId, visitor_id: null })
      .where('visitor_id', '=', visitorId)
      .execute();
  }

  /** Running turns whose process holds no fresh lease: it died mid-answer. */
  orphaned(liveSince: string): Promise<MessageRow[]> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('status', 'in', RUNNING_STATUSES)
      .where((eb) =>
        eb.or([
          eb('owner_process', 'is', null),
          eb(
            'owner_process',
            'not in',
            eb
              .selectFrom('generation_leases')
              .select('process_id')
              .where('heartbeat_at', '>', liveSince),
          ),
        ]),
      )
      .execute();
  }

  /** Marks one orphan as interrupted, unless another process already did. */
  async markInterrupted(row: MessageRow, changes: Updateable<MessagesTable>): Promise<boolean> {
    let query = this.db
      .updateTable('messages')
      .set(changes)
      .where('id', '=', row.id)
      .where('status', 'in', RUNNING_STATUSES);
    query =
      row.owner_process === null
        ? query.where('owner_process', 'is', null)
        : query.where('owner_process', '=', row.owner_process);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Clears the turn's charge if it still is `day`: true for one caller only, so whichever path
   * notices a failed turn first (its own process, or another one sweeping it as interrupted)
   * refunds the unit and no other does.
   */
  async clearCharge(id: string, day: string): Promise<boolean> {
    const result = await this.db
      .updateTable('messages')
      .set({ charged_day: null })
      .where('id', '=', id)
      .where('charged_day', '=', day)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  #owned(owner: ChatOwner) {
    const query = this.db.selectFrom('messages').selectAll();
    return owner.kind === 'user'
      ? query.where('user_id', '=', owner.id)
      : query.where('visitor_id', '=', owner.id);
  }

  #ownedUpdate(owner: ChatOwner) {
    const query = this.db.updateTable('messages');
    return owner.kind === 'user'
      ? query.where('user_id', '=', owner.id)
      : query.where('visitor_id', '=', owner.id);
  }

  #ownedDelete(owner: ChatOwner) {
    const query = this.db.deleteFrom('messages');
    return owner.kind === 'user'
      ? query.where('user_id', '=', owner.id)
      : query.where('visitor_id', '=', owner.id);
  }
}
