import { sql, type Kysely } from 'kysely';

// A conversation is a tree of turns: regenerating an answer or editing a question adds a
// sibling of that turn (same parent) instead of a turn at the end, so every version is kept.
// The conversation's current leaf names the branch that is shown and sent to the model.
// Existing conversations were linear: each turn's parent is the one before it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('parent_id', 'text').execute();
  // When a person last chose this version (or it was sent): below a turn, the branch shown
  // follows the child chosen last, so going back to a version shows what followed it then.
  await db.schema.alterTable('messages').addColumn('chosen_at', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('current_leaf_id', 'text').execute();
  await db.schema
    .createIndex('messages_parent_idx')
    .on('messages')
    .columns(['conversation_id', 'parent_id'])
    .execute();

  await sql`
    update messages set parent_id = (
      select p.id from messages p
      where p.conversation_id = messages.conversation_id
        and (p.created_at < messages.created_at
          or (p.created_at = messages.created_at and p.id < messages.id))
      order by p.created_at desc, p.id desc
      limit 1)
    where conversation_id is not null`.execute(db);
  await sql`update messages set chosen_at = created_at`.execute(db);
  await sql`
    update conversations set current_leaf_id = (
      select m.id from messages m
      where m.conversation_id = conversations.id
      order by m.created_at desc, m.id desc
      limit 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_parent_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('current_leaf_id').execute();
  await db.schema.alterTable('messages').dropColumn('chosen_at').execute();
  await db.schema.alterTable('messages').dropColumn('parent_id').execute();
}
