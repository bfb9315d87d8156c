import type { Kysely, Selectable } from 'kysely';
import type { Database, OauthStatesTable, UserIdentitiesTable } from '../../../db/schema';

export type OauthStateRow = Selectable<OauthStatesTable>;

export class OauthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertState(row: OauthStateRow): Promise<void> {
    // Old unfinished attempts are of no use to anyone; sweep them on the way.
    await this.db.deleteFrom('oauth_states').where('expires_at', '<=', row.created_at).execute();
    await this.db.insertInto('oauth_states').values(row).execute();
  }

  /** Single use: returns the row to exactly one caller, and only while it is live. */
  async takeState(
    state: string,
    provider: string,
    now: string,
  ): Promise<OauthStateRow | undefined> {
    const row = await this.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const deleted = await this.db
      .deleteFrom('oauth_states')
      .where('state', '=', state)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1 || row.provider !== provider || row.expires_at <= now)
      return undefined;
    return row;
  }

  findIdentity(
    provider: string,
    subject: string,
  ): Promise<Selectable<UserIdentitiesTable> | undefined> {
    return this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  async insertIdentity(row: Selectable<UserIdentitiesTable>): Promise<void> {
    await this.db
      .insertInto('user_identities')
      .values(row)
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
  }
}
