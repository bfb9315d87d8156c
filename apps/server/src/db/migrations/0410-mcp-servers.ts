import type { Kysely } from 'kysely';

// MCP servers (issue 37): the admin's and users' servers (secrets sealed), each owner's own
// tool policies, per-plan access to user servers, and the approvals calls wait on (a row per
// waiting call, so the owner's answer reaches the process that runs the call, and "ask once
// per chat" finds the chat's earlier yes).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('auth_kind', 'text', (c) => c.notNull())
    .addColumn('auth_sealed', 'text')
    .addColumn('auth_hint', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('policies', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mcp_servers_owner_name')
    .on('mcp_servers')
    .columns(['owner_user_id', 'name'])
    .execute();
  await db.schema
    .createTable('mcp_tool_policies')
    .addColumn('owner_key', 'text', (c) => c.notNull())
    .addColumn('server_id', 'text', (c) =>
      c.notNull().references('mcp_servers.id').onDelete('cascade'),
    )
    .addColumn('tool_name', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mcp_tool_policies_pk', ['owner_key', 'server_id', 'tool_name'])
    .execute();
  await db.schema
    .createTable('mcp_plan_access')
    .addColumn('plan_id', 'text', (c) => c.primaryKey().references('plans.id').onDelete('cascade'))
    .addColumn('user_servers', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mcp_approvals')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('call_id', 'text', (c) => c.notNull())
    .addColumn('owner_key', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text')
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('tool_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mcp_approvals_pk', ['message_id', 'call_id'])
    .execute();
  await db.schema
    .createIndex('mcp_approvals_chat')
    .on('mcp_approvals')
    .columns(['conversation_id', 'server_id', 'tool_name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_approvals').execute();
  await db.schema.dropTable('mcp_plan_access').execute();
  await db.schema.dropTable('mcp_tool_policies').execute();
  await db.schema.dropTable('mcp_servers').execute();
}
