import type { Kysely } from 'kysely';

// Compare: a session groups 2–6 panels; each panel is a conversation of kind
// comparison (its own thread with one model). Votes judge one turn of a session. Messages get
// the timings the leaderboard averages (time to first token, streaming time).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('compare_sessions')
    // The comparison_id of allocate-id: every panel message carries it.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('blind', 'integer', (c) => c.notNull())
    // Set by the first vote (or "continue") of a blind session: names are shown from then on.
    .addColumn('revealed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('compare_sessions_user_idx')
    .on('compare_sessions')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('compare_sessions_visitor_idx')
    .on('compare_sessions')
    .columns(['visitor_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('compare_panels')
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('compare_sessions.id').onDelete('cascade'),
    )
    // Position on screen; blind sessions store the shuffled order.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('compare_panels_pk', ['session_id', 'position'])
    .execute();

  await db.schema
    .createTable('compare_votes')
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('compare_sessions.id').onDelete('cascade'),
    )
    .addColumn('turn_index', 'integer', (c) => c.notNull())
    // 'panel' (winner_position set), 'tie' or 'all_bad'.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('winner_position', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('compare_votes_pk', ['session_id', 'turn_index'])
    .execute();
  await db.schema
    .createIndex('compare_votes_time_idx')
    .on('compare_votes')
    .column('created_at')
    .execute();

  await db.schema.alterTable('messages').addColumn('ttft_ms', 'integer').execute();
  await db.schema.alterTable('messages').addColumn('stream_ms', 'integer').execute();
  await db.schema
    .createIndex('messages_comparison_idx')
    .on('messages')
    .column('comparison_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_comparison_idx').execute();
  await db.schema.alterTable('messages').dropColumn('stream_ms').execute();
  await db.schema.alterTable('messages').dropColumn('ttft_ms').execute();
  for (const table of ['compare_votes', 'compare_panels', 'compare_sessions']) {
    await db.schema.dropTable(table).execute();
  }
}
