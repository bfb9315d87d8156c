import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, McpApprovalsTable, McpServersTable } from '../../db/schema';

export type McpServerRow = Selectable<McpServersTable>;
export type McpApprovalRow = Selectable<McpApprovalsTable>;

const SETTINGS_ID = 'global';

/** MCP servers, owners' tool policies, plans' access, the admin's settings, and approvals. */
export class McpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Admin servers, and the user's own when `userId` is given. */
  async servers(userId: string | null): Promise<McpServerRow[]> {
    return this.db
      .selectFrom('mcp_servers')
      .selectAll()
      .where((eb) =>
        userId === null
          ? eb('scope', '=', 'admin')
          : eb.or([eb('scope', '=', 'admin'), eb('owner_user_id', '=', userId)]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async server(id: string): Promise<McpServerRow | undefined> {
    return this.db.selectFrom('mcp_servers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countOwned(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('mcp_servers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(row: Insertable<McpServersTable>): Promise<void> {
    await this.db.insertInto('mcp_servers').values(row).execute();
  }

  async update(id: string, changes: Updateable<McpServersTable>): Promise<void> {
    await this.db.updateTable('mcp_servers').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('mcp_servers').where('id', '=', id).execute();
  }

  async policies(
    ownerKey: string,
  ): Promise<Array<{ server_id: string; tool_name: string; policy: string }>> {
    return this.db
      .selectFrom('mcp_tool_policies')
      .select(['server_id', 'tool_name', 'policy'])
      .where('owner_key', '=', ownerKey)
      .execute();
  }

  async setPolicy(
    ownerKey: string,
    serverId: string,
    toolName: string,
    policy: string | null,
  ): Promise<void> {
    if (policy === null) {
      await this.db
        .deleteFrom('mcp_tool_policies')
        .where('owner_key', '=', ownerKey)
        .where('server_id', '=', serverId)
        .where('tool_name', '=', toolName)
        .execute();
      return;
    }
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('mcp_tool_policies')
      .values({ owner_key: ownerKey, server_id: serverId, tool_name: toolName, policy, updated_at })
      .onConflict((oc) =>
        oc.columns(['owner_key', 'server_id', 'tool_name']).doUpdateSet({ policy, updated_at }),
      )
      .execute();
  }

  async planAccess(): Promise<Map<string, boolean>> {
    const rows = await this.db.selectFrom('mcp_plan_access').selectAll().execute();
    return new Map(rows.map((r) => [r.plan_id, Number(r.user_servers) === 1]));
  }

  async setPlanAccess(
    plans: ReadonlyArray<{ plan_id: string; user_servers: boolean }>,
  ): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const plan of plans) {
        const user_servers = plan.user_servers ? 1 : 0;
        await trx
          .insertInto('mcp_plan_access')
          .values({ plan_id: plan.plan_id, user_servers, updated_at })
          .onConflict((oc) => oc.column('plan_id').doUpdateSet({ user_servers, updated_at }))
          .execute();
      }
    });
  }

  /** Read on every use (no cache): a change is seen at once by every process. */
  async userServersPrivate(): Promise<boolean> {
    const row = await this.db
      .selectFrom('mcp_settings')
      .select('user_servers_private')
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
    return Number(row?.user_servers_private ?? 0) === 1;
  }

  async setUserServersPrivate(allowed: boolean): Promise<void> {
    const user_servers_private = allowed ? 1 : 0;
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('mcp_settings')
      .values({ id: SETTINGS_ID, user_servers_private, updated_at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ user_servers_private, updated_at }))
      .execute();
  }

  async insertApproval(row: McpApprovalRow): Promise<void> {
    await this.db
      .insertInto('mcp_approvals')
      .values(row)
      .onConflict((oc) => oc.columns(['message_id', 'call_id']).doNothing())
      .execute();
  }

  async approval(messageId: string, callId: string): Promise<McpApprovalRow | undefined> {
    return this.db
      .selectFrom('mcp_approvals')
      .selectAll()
      .where('message_id', '=', messageId)
      .where('call_id', '=', callId)
      .executeTakeFirst();
  }

  /** The owner's answer to a waiting call; false when there is none waiting (or not theirs). */
  async answer(
    messageId: string,
    callId: string,
    ownerKey: string,
    status: 'allow' | 'deny' | 'always',
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('mcp_approvals')
      .set({ status })
      .where('message_id', '=', messageId)
      .where('call_id', '=', callId)
      .where('owner_key', '=', ownerKey)
      .where('status', '=', 'waiting')
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The wait ended without an answer (time up, Stop): later answers find nothing waiting. */
  async expire(messageId: string, callId: string): Promise<void> {
    await this.db
      .updateTable('mcp_approvals')
      .set({ status: 'expired' })
      .where('message_id', '=', messageId)
      .where('call_id', '=', callId)
      .where('status', '=', 'waiting')
      .execute();
  }

  /** Whether the owner already said yes to this tool in this chat ("ask once per chat"). */
  async allowedInChat(
    ownerKey: string,
    conversationId: string,
    serverId: string,
    toolName: string,
  ): Promise<boolean> {
    const row = await this.db
      .selectFrom('mcp_approvals')
      .select('call_id')
      .where('conversation_id', '=', conversationId)
      .where('server_id', '=', serverId)
      .where('tool_name', '=', toolName)
      .where('owner_key', '=', ownerKey)
      .where('status', 'in', ['allow', 'always'])
      .executeTakeFirst();
    return row !== undefined;
  }
}
