import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';

/** A vote as the arena reads it: the verdict, its panels' models and what the board checks. */
export interface ArenaVoteRow {
  session_id: string;
  turn_index: number;
  outcome: string;
  winner_position: number | null;
  created_at: string;
  blind: number;
  models: string | null;
  prompt_hash: string | null;
  style: string | null;
  categories: string | null;
  excluded: string | null;
  user_id: string | null;
}

/** What one voter's votes look like, for the admin's automated-voting view. */
export interface VoterRow {
  user_id: string;
  email: string;
  votes: number;
  decisions: number[];
  first_panel: number;
  panel_votes: number;
}

export class ArenaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts a blind vote toward the account's day, atomically; the day's count with it. */
  async countVote(userId: string, day: string): Promise<number> {
    const row = await this.db
      .insertInto('arena_vote_days')
      .values({ user_id: userId, day, votes: 1 })
      .onConflict((oc) =>
        oc.columns(['user_id', 'day']).doUpdateSet({ votes: sql`arena_vote_days.votes + 1` }),
      )
      .returning('votes')
      .executeTakeFirstOrThrow();
    return Number(row.votes);
  }

  async votesOn(userId: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('arena_vote_days')
      .select('votes')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.votes) : 0;
  }

  /** Tells every process its boards are behind. */
  async bumpVersion(): Promise<void> {
    await this.db
      .updateTable('arena_state')
      .set({ version: sql`version + 1` })
      .where('id', '=', 1)
      .execute();
  }

  async state(): Promise<{ version: number; classifier_model: string | null }> {
    const row = await this.db
      .selectFrom('arena_state')
      .select(['version', 'classifier_model'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return { version: Number(row?.version ?? 0), classifier_model: row?.classifier_model ?? null };
  }

  async setClassifierModel(model: string | null): Promise<void> {
    await this.db
      .updateTable('arena_state')
      .set({ classifier_model: model })
      .where('id', '=', 1)
      .execute();
  }

  /** Every vote since `since` (null: all time), oldest first; an owner's only when given. */
  votes(since: string | null, owner?: ChatOwner, limit?: number): Promise<ArenaVoteRow[]> {
    let query = this.#voteRows();
    if (owner)
      query = query.where(owner.kind === 'user' ? 's.user_id' : 's.visitor_id', '=', owner.id);
    if (since !== null) query = query.where('v.created_at', '>=', since);
    if (limit !== undefined)
      // The newest `limit`, still returned oldest first.
      return query
        .orderBy('v.created_at', 'desc')
        .orderBy('v.session_id', 'desc')
        .orderBy('v.turn_index', 'desc')
        .limit(limit)
        .execute()
        .then((rows) => rows.reverse());
    return query.orderBy('v.created_at').orderBy('v.session_id').orderBy('v.turn_index').execute();
  }

  /**
   * Every vote, oldest first, `size` at a time: memory stays bounded however many there are,
   * and each page is a range scan of compare_votes_order_idx from the last vote read.
   */
  async *votePages(size: number): AsyncGenerator<ArenaVoteRow[]> {
    let after: Pick<ArenaVoteRow, 'created_at' | 'session_id' | 'turn_index'> | null = null;
    for (;;) {
      let query = this.#voteRows();
      if (after !== null) {
        const { created_at, session_id, turn_index } = after;
        query = query.where((eb) =>
          eb(
            eb.refTuple('v.created_at', 'v.session_id', 'v.turn_index'),
            '>',
            eb.tuple(created_at, session_id, turn_index),
          ),
        );
      }
      const page = await query
        .orderBy('v.created_at')
        .orderBy('v.session_id')
        .orderBy('v.turn_index')
        .limit(size)
        .execute();
      if (page.length > 0) yield page;
      if (page.length < size) return;
      after = page[page.length - 1] ?? null;
    }
  }

  #voteRows() {
    return this.db
      .selectFrom('compare_votes as v')
      .innerJoin('compare_sessions as s', 's.id', 'v.session_id')
      .select([
        'v.session_id',
        'v.turn_index',
        'v.outcome',
        'v.winner_position',
        'v.created_at',
        'v.blind',
        'v.models',
        'v.prompt_hash',
        'v.style',
        'v.categories',
        'v.excluded',
        's.user_id',
      ]);
  }

  async setCategories(sessionId: string, turnIndex: number, categories: string): Promise<void> {
    await this.db
      .updateTable('compare_votes')
      .set({ categories })
      .where('session_id', '=', sessionId)
      .where('turn_index', '=', turnIndex)
      .execute();
  }

  board(
    key: string,
  ): Promise<{ version: number; payload: string; computed_at: string } | undefined> {
    return this.db
      .selectFrom('arena_boards')
      .select(['version', 'payload', 'computed_at'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async saveBoard(key: string, version: number, payload: string, at: string): Promise<void> {
    await this.db
      .insertInto('arena_boards')
      .values({ key, version, payload, computed_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ version, payload, computed_at: at }))
      .execute();
  }

  /** Accounts that voted since `since`, with what the automated-voting checks need. */
  async voters(since: string): Promise<VoterRow[]> {
    const rows = await this.db
      .selectFrom('compare_votes as v')
      .innerJoin('compare_sessions as s', 's.id', 'v.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_id', 'u.email', 'v.decision_ms', 'v.outcome', 'v.winner_position'])
      .where('v.created_at', '>=', since)
      .execute();
    const byUser = new Map<string, VoterRow>();
    for (const row of rows) {
      if (row.user_id === null) continue;
      const voter = byUser.get(row.user_id) ?? {
        user_id: row.user_id,
        email: row.email,
        votes: 0,
        decisions: [],
        first_panel: 0,
        panel_votes: 0,
      };
      voter.votes += 1;
      if (row.decision_ms !== null) voter.decisions.push(Number(row.decision_ms));
      if (row.outcome === 'panel') {
        voter.panel_votes += 1;
        if (Number(row.winner_position) === 0) voter.first_panel += 1;
      }
      byUser.set(row.user_id, voter);
    }
    return [...byUser.values()];
  }
}
