import type { Kysely } from 'kysely';

// An answer's tool calls and its numbered web sources (issue 36): JSON text of the contract's
// ToolCallView[] and Citation[], null when the answer called no tool. A vault turn's are sealed
// like its response. Written while the answer runs (a reload mid-turn shows the rows) and with
// its final state.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('tool_calls', 'text').execute();
  await db.schema.alterTable('messages').addColumn('citations', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('citations').execute();
  await db.schema.alterTable('messages').dropColumn('tool_calls').execute();
}
