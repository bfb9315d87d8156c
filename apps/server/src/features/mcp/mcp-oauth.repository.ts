import type { Kysely, Selectable } from 'kysely';
import type { Database, McpOAuthStatesTable } from '../../db/schema';

export type McpOAuthStateRow = Selectable<McpOAuthStatesTable>;

/** OAuth clients, users' tokens and sign-ins under way, all sealed by the caller. */
export class McpOAuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async client(serverId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('mcp_oauth_clients')
      .select('client_sealed')
      .where('server_id', '=', serverId)
      .executeTakeFirst();
    return row?.client_sealed;
  }

  async saveClient(serverId: string, sealed: string): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('mcp_oauth_clients')
      .values({ server_id: serverId, client_sealed: sealed, updated_at })
      .onConflict((oc) => oc.column('server_id').doUpdateSet({ client_sealed: sealed, updated_at }))
      .execute();
  }

  async forgetClient(serverId: string): Promise<void> {
    await this.db.deleteFrom('mcp_oauth_clients').where('server_id', '=', serverId).execute();
  }

  async tokens(userId: string, serverId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('mcp_oauth_tokens')
      .select('tokens_sealed')
      .where('user_id', '=', userId)
      .where('server_id', '=', serverId)
      .executeTakeFirst();
    return row?.tokens_sealed;
  }

  async saveTokens(userId: string, serverId: string, sealed: string): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('mcp_oauth_tokens')
      .values({ user_id: userId, server_id: serverId, tokens_sealed: sealed, updated_at })
      .onConflict((oc) =>
        oc.columns(['user_id', 'server_id']).doUpdateSet({ tokens_sealed: sealed, updated_at }),
      )
      .execute();
  }

  async forgetTokens(userId: string, serverId: string): Promise<void> {
    await this.db
      .deleteFrom('mcp_oauth_tokens')
      .where('user_id', '=', userId)
      .where('server_id', '=', serverId)
      .execute();
  }

  async insertState(row: McpOAuthStateRow): Promise<void> {
    // Sign-ins left unfinished are dropped as new ones start.
    await this.db
      .deleteFrom('mcp_oauth_states')
      .where('expires_at', '<', new Date().toISOString())
      .execute();
    await this.db.insertInto('mcp_oauth_states').values(row).execute();
  }

  async saveVerifier(state: string, sealed: string): Promise<void> {
    await this.db
      .updateTable('mcp_oauth_states')
      .set({ verifier_sealed: sealed })
      .where('state', '=', state)
      .execute();
  }

  /** The sign-in `state` names, once: it is deleted as it is read. */
  async takeState(state: string): Promise<McpOAuthStateRow | undefined> {
    const row = await this.db
      .selectFrom('mcp_oauth_states')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirst();
    if (!row) return undefined;
    const deleted = await this.db
      .deleteFrom('mcp_oauth_states')
      .where('state', '=', state)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return undefined;
    return row.expires_at > new Date().toISOString() ? row : undefined;
  }
}
