import type { Kysely } from 'kysely';

// The recovery key's own throttle: wrong recovery keys counted in a fixed window apart from the
// wrong-PIN counter, so a PIN lockout never blocks the reset the recovery key exists for (a
// 160-bit key needs no lockout against guessing; the window only bounds the argon2id work).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vaults')
    .addColumn('recovery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('vaults').addColumn('recovery_window_ends', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vaults').dropColumn('recovery_window_ends').execute();
  await db.schema.alterTable('vaults').dropColumn('recovery_attempts').execute();
}
