import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';
import type { PanelRow } from './compare.repository';

/** Where a new panel goes in a comparison, read while the session's row is locked. */
export interface PanelSlot {
  title: string;
  panelCount: number;
  nextPosition: number;
}

/** The SQL of comparison ids handed out by allocate-id, and of panels that sends add. */
export class CompareSendsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records an allocated id for `owner`, and drops allocations older than `expiredBefore`. */
  async recordAllocation(
    id: string,
    owner: ChatOwner,
    now: string,
    expiredBefore: string,
  ): Promise<void> {
    await this.db
      .deleteFrom('compare_allocations')
      .where('created_at', '<', expiredBefore)
      .execute();
    await this.db
      .insertInto('compare_allocations')
      .values({ id, ...ownerColumns(owner), created_at: now })
      .execute();
  }

  async ownsSession(owner: ChatOwner, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('compare_sessions')
      .select('id')
      .where('id', '=', id)
      .where(owner.kind === 'user' ? 'user_id' : 'visitor_id', '=', owner.id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async holdsAllocation(owner: ChatOwner, id: string, since: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('compare_allocations')
      .select('id')
      .where('id', '=', id)
      .where(owner.kind === 'user' ? 'user_id' : 'visitor_id', '=', owner.id)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * In a transaction: creates the session from the owner's allocation when it has none yet,
   * then locks the owner's session row (an update, the same in both dialects) so parallel
   * panel sends take their positions one after another. Null when the owner has no such session.
   */
  async lockForNewPanel(
    owner: ChatOwner,
    id: string,
    session: { title: string; now: string; allocatedSince: string },
  ): Promise<PanelSlot | null> {
    if (await this.holdsAllocation(owner, id, session.allocatedSince)) {
      // Parallel first sends all get here: one insert wins, the others wait for it and do nothing.
      await this.db
        .insertInto('compare_sessions')
        .values({
          id,
          ...ownerColumns(owner),
          title: session.title,
          blind: 0,
          revealed_at: null,
          created_at: session.now,
          updated_at: session.now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await this.db.deleteFrom('compare_allocations').where('id', '=', id).execute();
    }
    const locked = await this.db
      .updateTable('compare_sessions')
      .set({ updated_at: session.now })
      .where('id', '=', id)
      .where(owner.kind === 'user' ? 'user_id' : 'visitor_id', '=', owner.id)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return null;
    const row = await this.db
      .selectFrom('compare_sessions')
      .select('title')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const panels = await this.db
      .selectFrom('compare_panels')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
      .where('session_id', '=', id)
      .executeTakeFirstOrThrow();
    const last = panels.last === null ? null : Number(panels.last);
    return {
      title: row.title,
      panelCount: Number(panels.n),
      nextPosition: last === null ? 0 : last + 1,
    };
  }

  async insertPanel(panel: PanelRow): Promise<void> {
    await this.db.insertInto('compare_panels').values(panel).execute();
  }

  /** The session was made by POST /compare/sessions: its allocation is spent. */
  async deleteAllocation(id: string): Promise<void> {
    await this.db.deleteFrom('compare_allocations').where('id', '=', id).execute();
  }

  async moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('compare_allocations')
      .set({ user_id: userId, visitor_id: null })
      .where('visitor_id', '=', visitorId)
      .execute();
  }
}
