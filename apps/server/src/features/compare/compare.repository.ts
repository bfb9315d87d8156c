import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
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
/** A panel's turn (chat's row, read through app.chat.records). */
export type PanelMessageRow = Selectable<MessagesTable>;
/** What compare shows of a model (the models feature's registry row). */
export type ModelRow = Pick<
  Selectable<ModelsTable>,
  'id' | 'provider' | 'friendly_name' | 'input_price_per_million' | 'output_price_per_million'
>;

/** A LIKE pattern for text anywhere, its wildcards escaped (with escape '\\'). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class CompareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction (handed to each owner's `within`). */
  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

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

  /**
   * A page of the owner's sessions, latest first. `search` matches the title, or names the
   * sessions whose turns matched (`mentioning`, asked of chat).
   */
  async list(
    owner: ChatOwner,
    filter: {
      search?: string | undefined;
      mentioning?: readonly string[];
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: SessionRow[]; total: number }> {
    let query = this.#owned(owner);
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      const mentioning = filter.mentioning ?? [];
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(s.title)`, 'like', sql`${pattern} escape '\\'`),
          ...(mentioning.length > 0 ? [eb('s.id', 'in', [...mentioning])] : []),
        ]),
      );
    }
    const rows = await query
      .selectAll('s')
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const counted = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(counted.total) };
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

  votes(sessionId: string): Promise<VoteRow[]> {
    return this.db
      .selectFrom('compare_votes')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
  }

  /** One verdict per turn: voting again replaces it (and what the arena read of it). */
  async upsertVote(vote: Insertable<CompareVotesTable>): Promise<void> {
    const { session_id: _session, turn_index: _turn, ...changes } = vote;
    await this.db
      .insertInto('compare_votes')
      .values(vote)
      .onConflict((oc) => oc.columns(['session_id', 'turn_index']).doUpdateSet(changes))
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
