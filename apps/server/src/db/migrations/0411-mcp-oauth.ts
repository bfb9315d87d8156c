import type { Kysely } from 'kysely';

// MCP OAuth (issue 37): a server's registered client (dynamic registration, shared by its
// users), each user's tokens for a server (sealed), and sign-ins under way (state → user,
// server, PKCE verifier sealed, where to send the browser back), short-lived.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_oauth_clients')
    .addColumn('server_id', 'text', (c) =>
      c.primaryKey().references('mcp_servers.id').onDelete('cascade'),
    )
    .addColumn('client_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mcp_oauth_tokens')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('server_id', 'text', (c) =>
      c.notNull().references('mcp_servers.id').onDelete('cascade'),
    )
    .addColumn('tokens_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mcp_oauth_tokens_pk', ['user_id', 'server_id'])
    .execute();
  await db.schema
    .createTable('mcp_oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('server_id', 'text', (c) =>
      c.notNull().references('mcp_servers.id').onDelete('cascade'),
    )
    .addColumn('verifier_sealed', 'text')
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_oauth_states').execute();
  await db.schema.dropTable('mcp_oauth_tokens').execute();
  await db.schema.dropTable('mcp_oauth_clients').execute();
}
