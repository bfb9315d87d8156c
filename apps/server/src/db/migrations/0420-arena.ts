import { sql, type Kysely } from 'kysely';

// The arena: what each vote needs for the global board (was it blind, the prompt it judged,
// the answers' style, the prompt's categories, why the board leaves it out), per-account daily
// vote counters, the computed boards the readers get, and the arena's admin settings.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('compare_votes')
    // 1 when the models were still hidden at the moment of the vote (only those rank globally).
    .addColumn('blind', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON array of the panels' models in position order, so the board reads votes alone.
  await db.schema.alterTable('compare_votes').addColumn('models', 'text').execute();
  // sha256 of the normalised prompt: duplicates collapse on it.
  await db.schema.alterTable('compare_votes').addColumn('prompt_hash', 'text').execute();
  // JSON [[characters, markdown elements], …] per panel position: style control's covariates.
  await db.schema.alterTable('compare_votes').addColumn('style', 'text').execute();
  // JSON array of category names, filled by the classification call (null: not yet).
  await db.schema.alterTable('compare_votes').addColumn('categories', 'text').execute();
  // Why the global board leaves the vote out even though it is blind ('daily_cap'), or null.
  await db.schema.alterTable('compare_votes').addColumn('excluded', 'text').execute();
  // Milliseconds from the prompt to the vote: automated voters decide in no time.
  await db.schema.alterTable('compare_votes').addColumn('decision_ms', 'integer').execute();

  await backfillModels(db as Kysely<Backfill>);

  await db.schema
    .createTable('arena_vote_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('arena_vote_days_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('arena_boards')
    // scope:period:category:style, e.g. 'global:30d:coding:style'.
    .addColumn('key', 'text', (c) => c.primaryKey())
    // The votes version the board was computed from (arena_state.version).
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();

  // One row: bumped by every vote, so a process can tell its boards are behind in one read.
  await db.schema
    .createTable('arena_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('classifier_model', 'text')
    .execute();
  await sql`insert into arena_state (id, version) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['arena_state', 'arena_boards', 'arena_vote_days'])
    await db.schema.dropTable(table).execute();
  for (const column of [
    'decision_ms',
    'excluded',
    'categories',
    'style',
    'prompt_hash',
    'models',
    'blind',
  ])
    await db.schema.alterTable('compare_votes').dropColumn(column).execute();
}

interface Backfill {
  compare_votes: { session_id: string; models: string | null };
  compare_panels: { session_id: string; position: number; model: string };
}

/** Votes cast before this migration get their panels' models (a vote stays blind 0: unknown). */
async function backfillModels(db: Kysely<Backfill>): Promise<void> {
  const panels = await db
    .selectFrom('compare_panels')
    .select(['session_id', 'model'])
    .where('session_id', 'in', db.selectFrom('compare_votes').select('session_id'))
    .orderBy('session_id')
    .orderBy('position')
    .execute();
  const bySession = new Map<string, string[]>();
  for (const p of panels)
    bySession.set(p.session_id, [...(bySession.get(p.session_id) ?? []), p.model]);
  for (const [session, models] of bySession)
    await db
      .updateTable('compare_votes')
      .set({ models: JSON.stringify(models) })
      .where('session_id', '=', session)
      .execute();
}
