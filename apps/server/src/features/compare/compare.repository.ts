import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ComparePanelsTable,
  CompareSessionsTable,
  CompareVotesTable,
  Database,
  MessagesTable,
  ModelsTable,
} from '../../db/schema';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';

export type SessionRow = Selectable<CompareSessionsTable>;
export type PanelRow = Selectable<ComparePanelsTable>;
export type VoteRow = Selectable<CompareVotesTable>;
export type PanelMessageRow = Selectable<MessagesTable>;
/** What compare shows of a model (the models feature's registry row). */
export type ModelRow = Pick<
  Selectable<ModelsTable>,
  'id' | 'provider' | 'friendly_name' | 'input_price_per_million' | 'output_price_per_million'
>;

export interface SessionListRow extends SessionRow {
  turn_count: number;
}

/** Whose votes a leaderboard counts: one owner's, or everybody's (the admins' global board). */
export type VoteScope = { kind: 'owner'; owner: ChatOwner } | { kind: 'all' };

export interface JudgedRow {
  session_id: string;
  turn_index: number;
  outcome: string;
  winner_position: number | null;
}

export interface TimingRow {
  model: string;
  ttft_ms: number | null;
  stream_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class CompareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The session and its panels in one transaction; panel conversations are made by `makePanels`. */
  async insertSession(
    row: Omit<SessionRow, 'user_id' | 'visitor_id' | 'vault_user_id'>,
    owner: ChatOwner,
    makePanels: (trx: Kysely<Database>) => Promise<PanelRow[]>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('compare_sessions')
        .values({ ...row, ...ownerColumns(owner) })
        .execute();
      const panels = await makePanels(trx);
      await trx.insertInto('compare_panels').values(panels).execute();
    });
  }

  /** Any owner's session with this id (to tell a reused id from a new one). */
  exists(id: string): Promise<boolean> {
    return this.db
      .selectFrom('compare_sessions')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  findOwned(owner: ChatOwner, id: string): Promise<SessionRow | undefined> {
    return this.#owned(owner).selectAll('s').where('s.id', '=', id).executeTakeFirst();
  }

  async list(
    owner: ChatOwner,
    filter: { search?: string | undefined; offset: number; limit: number },
  ): Promise<{ rows: SessionListRow[]; total: number }> {
    let query = this.#owned(owner);
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(s.title)`, 'like', sql`${pattern} escape '\\'`),
          eb.exists(
            eb
              .selectFrom('messages as m')
              .select(sql`1`.as('one'))
              .whereRef('m.comparison_id', '=', 's.id')
              // Only the owner's own turns: a message of anyone else naming this session
              // must never make it match.
              .where(owner.kind === 'user' ? 'm.user_id' : 'm.visitor_id', '=', owner.id)
              .where((inner) =>
                inner.or([
                  inner(sql`lower(m.content)`, 'like', sql`${pattern} escape '\\'`),
                  inner(sql`lower(coalesce(m.response, ''))`, 'like', sql`${pattern} escape '\\'`),
                ]),
              ),
          ),
        ]),
      );
    }
    const rows = await query
      .selectAll('s')
      .select((eb) =>
        eb
          .selectFrom('messages as t')
          .innerJoin('compare_panels as p', 'p.conversation_id', 't.conversation_id')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('p.session_id', '=', 's.id')
          .where('p.position', '=', 0)
          .as('turn_count'),
      )
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const counted = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return {
      rows: rows.map((row) => ({ ...row, turn_count: Number(row.turn_count ?? 0) })),
      total: Number(counted.total),
    };
  }

  panels(sessionIds: readonly string[]): Promise<PanelRow[]> {
    if (sessionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('compare_panels')
      .selectAll()
      .where('session_id', 'in', sessionIds)
      .orderBy('session_id')
      .orderBy('position')
      .execute();
  }

  /** Which of these sessions have a starred panel conversation (the session's star). */
  async starred(sessionIds: readonly string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('compare_panels as p')
      .innerJoin('conversations as c', 'c.id', 'p.conversation_id')
      .select('p.session_id')
      .distinct()
      .where('p.session_id', 'in', sessionIds)
      .where('c.is_favourite', '=', 1)
      .execute();
    return new Set(rows.map((row) => row.session_id));
  }

  /** Every panel turn of the owner's session, oldest first within each panel. */
  messages(owner: ChatOwner, sessionId: string): Promise<PanelMessageRow[]> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('comparison_id', '=', sessionId)
      .where(owner.kind === 'user' ? 'user_id' : 'visitor_id', '=', owner.id)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  votes(sessionId: string): Promise<VoteRow[]> {
    return this.db
      .selectFrom('compare_votes')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
  }

  /** One verdict per turn: voting again replaces it. */
  async upsertVote(vote: VoteRow): Promise<void> {
    await this.db
      .insertInto('compare_votes')
      .values(vote)
      .onConflict((oc) =>
        oc.columns(['session_id', 'turn_index']).doUpdateSet({
          outcome: vote.outcome,
          winner_position: vote.winner_position,
          created_at: vote.created_at,
        }),
      )
      .execute();
  }

  async update(
    id: string,
    changes: Partial<Pick<SessionRow, 'title' | 'revealed_at' | 'updated_at'>>,
  ): Promise<void> {
    await this.db.updateTable('compare_sessions').set(changes).where('id', '=', id).execute();
  }

  /** Reveals a blind session once; later calls keep the first time. */
  async reveal(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('compare_sessions')
      .set({ revealed_at: at })
      .where('id', '=', id)
      .where('revealed_at', 'is', null)
      .execute();
  }

  /** Verdicts since `since` (null: all time) with their session, for the leaderboard. */
  judged(scope: VoteScope, since: string | null): Promise<JudgedRow[]> {
    let query = this.db
      .selectFrom('compare_votes as v')
      .innerJoin('compare_sessions as s', 's.id', 'v.session_id')
      .select(['v.session_id', 'v.turn_index', 'v.outcome', 'v.winner_position']);
    if (scope.kind === 'owner') {
      query =
        scope.owner.kind === 'user'
          ? query.where('s.user_id', '=', scope.owner.id)
          : query.where('s.visitor_id', '=', scope.owner.id);
    }
    if (since !== null) query = query.where('v.created_at', '>=', since);
    return query.orderBy('v.created_at').orderBy('v.session_id').execute();
  }

  /** Finished comparison answers since `since`, for speed and cost averages. */
  timings(scope: VoteScope, since: string | null): Promise<TimingRow[]> {
    let query = this.db
      .selectFrom('messages')
      .select(['model', 'ttft_ms', 'stream_ms', 'input_tokens', 'output_tokens'])
      .where('comparison_id', 'is not', null)
      .where('status', '=', 'completed');
    if (scope.kind === 'owner') {
      query =
        scope.owner.kind === 'user'
          ? query.where('user_id', '=', scope.owner.id)
          : query.where('visitor_id', '=', scope.owner.id);
    }
    if (since !== null) query = query.where('created_at', '>=', since);
    return query.execute();
  }

  /**
   * Copies a panel's finished turns into a new conversation (created by `makeConversation` in
   * the same transaction): "continue with this one". The copies are plain chat turns.
   */
  async copyThread(
    owner: ChatOwner,
    fromConversationId: string,
    makeConversation: (trx: Kysely<Database>) => Promise<string>,
  ): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const conversationId = await makeConversation(trx);
      const turns = await trx
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', fromConversationId)
        .where(owner.kind === 'user' ? 'user_id' : 'visitor_id', '=', owner.id)
        .where('status', 'in', ['completed', 'cancelled'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      if (turns.length > 0) {
        // A panel is linear: each copy follows the one before it, and the last is the leaf.
        const ids = turns.map(() => randomUUID());
        await trx
          .insertInto('messages')
          .values(
            turns.map((turn, index) => ({
              ...turn,
              ...ownerColumns(owner),
              id: ids[index] ?? randomUUID(),
              parent_id: index === 0 ? null : (ids[index - 1] ?? null),
              conversation_id: conversationId,
              comparison_id: null,
              owner_process: null,
              // The unit was spent by the comparison; the copy must never be refunded again.
              charged_day: null,
            })),
          )
          .execute();
        const last = turns.at(-1)?.created_at ?? null;
        await trx
          .updateTable('conversations')
          .set({ last_message_at: last, current_leaf_id: ids.at(-1) ?? null })
          .where('id', '=', conversationId)
          .execute();
      }
      return conversationId;
    });
  }

  async moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('compare_sessions')
      .set({ user_id: userId, visitor_id: null })
      .where('visitor_id', '=', visitorId)
      .execute();
  }

  #owned(owner: ChatOwner) {
    const base = this.db.selectFrom('compare_sessions as s');
    return owner.kind === 'user'
      ? base.where('s.user_id', '=', owner.id)
      : base.where('s.visitor_id', '=', owner.id);
  }
}
