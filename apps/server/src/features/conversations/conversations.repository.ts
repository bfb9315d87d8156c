import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';

export type ConversationRow = Selectable<ConversationsTable> & { message_count: number };

export interface ListFilter {
  offset: number;
  limit: number;
  /** Only these conversations (the search index's matches for `?search=`). */
  ids?: readonly string[] | undefined;
  isFavourite?: boolean | undefined;
  /** Leaves out the kinds kept off the chat list: comparisons and prompt generator sessions. */
  excludeComparisons: boolean;
  projectId?: string | undefined;
  /** Only this kind (then excludeComparisons does not apply). */
  kind?: string | undefined;
}

/** Rows per INSERT of an import: well under SQLite's and PostgreSQL's bound-parameter limits. */
const IMPORT_BATCH = 200;

/** Sessions of their own screens (/compare, /prompt-generator): off the chat list by default. */
const KINDS_OFF_THE_CHAT_LIST = ['comparison', 'prompt_generator'];

export class ConversationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  #owned(owner: ChatOwner) {
    const base = this.db
      .selectFrom('conversations as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('messages as m')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .as('message_count'),
      );
    return owner.kind === 'user'
      ? base.where('c.user_id', '=', owner.id)
      : base.where('c.visitor_id', '=', owner.id);
  }

  #filtered(owner: ChatOwner, filter: Omit<ListFilter, 'offset' | 'limit'>) {
    let query = this.#owned(owner);
    if (filter.kind !== undefined) query = query.where('c.kind', '=', filter.kind);
    else if (filter.excludeComparisons)
      query = query.where('c.kind', 'not in', KINDS_OFF_THE_CHAT_LIST);
    if (filter.projectId !== undefined) query = query.where('c.project_id', '=', filter.projectId);
    if (filter.isFavourite !== undefined)
      query = query.where('c.is_favourite', '=', filter.isFavourite ? 1 : 0);
    if (filter.ids !== undefined) {
      // An empty list matches nothing (`in ()` is not SQL).
      query =
        filter.ids.length === 0
          ? query.where(sql<boolean>`1 = 0`)
          : query.where('c.id', 'in', [...filter.ids]);
    }
    return query;
  }

  async list(
    owner: ChatOwner,
    filter: ListFilter,
  ): Promise<{ rows: ConversationRow[]; total: number }> {
    const rows = await this.#filtered(owner, filter)
      .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
      .orderBy('c.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const counted = await this.db
      .selectFrom(this.#filtered(owner, filter).as('f'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows: rows.map(normalise), total: Number(counted.total) };
  }

  async find(owner: ChatOwner, id: string): Promise<ConversationRow | undefined> {
    const row = await this.#owned(owner).where('c.id', '=', id).executeTakeFirst();
    return row && normalise(row);
  }

  async insert(
    row: Omit<
      Selectable<ConversationsTable>,
      'user_id' | 'visitor_id' | 'search_excluded' | 'vault_user_id'
    >,
    owner: ChatOwner,
  ): Promise<void> {
    await this.db
      .insertInto('conversations')
      .values({ ...row, ...ownerColumns(owner) })
      .execute();
  }

  /** Conversations brought in whole (an account import), in batches. */
  async insertImported(rows: ReadonlyArray<Insertable<ConversationsTable>>): Promise<void> {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH)
      await this.db
        .insertInto('conversations')
        .values(rows.slice(i, i + IMPORT_BATCH))
        .execute();
  }

  /** Updates an owned conversation; false when it is not the owner's (or does not exist). */
  async update(
    owner: ChatOwner,
    id: string,
    changes: Partial<
      Pick<ConversationsTable, 'title' | 'title_set' | 'is_favourite' | 'project_id' | 'updated_at'>
    >,
  ): Promise<boolean> {
    const result = await this.#ownedUpdate(owner)
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Toggles in one statement so two quick clicks cannot both read the old value. */
  async toggleFavourite(owner: ChatOwner, id: string, now: string): Promise<boolean> {
    const result = await this.#ownedUpdate(owner)
      .set((eb) => ({ is_favourite: eb(sql.lit(1), '-', eb.ref('is_favourite')), updated_at: now }))
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Names an untitled conversation; a title a person set is never overwritten, and a chat in
   * the vault (its title sealed) is never given a plain one.
   */
  async setGeneratedTitle(id: string, title: string): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({ title })
      .where('id', '=', id)
      .where('title_set', '=', 0)
      .where('vault_user_id', 'is', null)
      .execute();
  }

  /** Gives every panel conversation of a comparison the session's title. */
  async renameComparison(comparisonId: string, title: string): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({ title })
      .where('comparison_id', '=', comparisonId)
      .where('kind', '=', 'comparison')
      .execute();
  }

  async setCurrentLeaf(id: string, leafId: string): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({ current_leaf_id: leafId })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Per project of these: how many of the account's chats it holds (comparisons not counted)
   * and when the latest of them last had a turn (or was made).
   */
  async projectActivity(
    userId: string,
    projectIds: readonly string[],
  ): Promise<Map<string, { chats: number; lastChatAt: string | null }>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('conversations')
      .select((eb) => [
        'project_id',
        eb.fn
          .sum<number>(eb.case().when('kind', '!=', 'comparison').then(1).else(0).end())
          .as('chats'),
        sql<string | null>`max(coalesce(last_message_at, created_at))`.as('last_chat_at'),
      ])
      .where('user_id', '=', userId)
      .where('project_id', 'in', [...projectIds])
      .groupBy('project_id')
      .execute();
    return new Map(
      rows.map((r) => [
        r.project_id ?? '',
        { chats: Number(r.chats ?? 0), lastChatAt: r.last_chat_at },
      ]),
    );
  }

  /** Which of these conversations are starred. */
  async favouriteAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('conversations')
      .select('id')
      .where('id', 'in', [...ids])
      .where('is_favourite', '=', 1)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** A chat whose turns were copied in: its branch ends at `leafId`, last active at `at`. */
  async continueAt(id: string, leafId: string, at: string): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({ last_message_at: at, current_leaf_id: leafId })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a visitor's conversations (their turns went first). */
  async deleteOfVisitor(visitorId: string): Promise<void> {
    await this.db.deleteFrom('conversations').where('visitor_id', '=', visitorId).execute();
  }

  /** True when the account owns the conversation. */
  async isOwnedBy(userId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The project a conversation is in (always its owner's), or null. */
  async projectIdOf(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('conversations')
      .select('project_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.project_id ?? null;
  }

  /** The account whose vault holds the conversation, or null when it is not in a vault. */
  async vaultUserOf(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('conversations')
      .select('vault_user_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.vault_user_id ?? null;
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({ last_message_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(owner: ChatOwner, id: string): Promise<boolean> {
    const query = this.db.deleteFrom('conversations').where('id', '=', id);
    const result = await (
      owner.kind === 'user'
        ? query.where('user_id', '=', owner.id)
        : query.where('visitor_id', '=', owner.id)
    ).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Takes every chat of the user out of a project (the project is being deleted). */
  async releaseProject(userId: string, projectId: string, now: string): Promise<number> {
    const result = await this.db
      .updateTable('conversations')
      .set({ project_id: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes every chat of the user in a project, with their messages (foreign keys cascade). */
  async deleteInProject(userId: string, projectId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('conversations')
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({ user_id: userId, visitor_id: null })
      .where('visitor_id', '=', visitorId)
      .execute();
  }

  #ownedUpdate(owner: ChatOwner) {
    const query = this.db.updateTable('conversations');
    return owner.kind === 'user'
      ? query.where('user_id', '=', owner.id)
      : query.where('visitor_id', '=', owner.id);
  }
}

function normalise<T extends { message_count: number | string | bigint | null }>(
  row: T,
): T & { message_count: number } {
  return { ...row, message_count: Number(row.message_count ?? 0) };
}
