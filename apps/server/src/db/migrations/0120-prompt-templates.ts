import type { Kysely } from 'kysely';
import { SEED_CATEGORIES, SEED_TEMPLATES } from './0120-prompt-templates.seed';

// Prompt templates: a user's own (owner_id set, always private) and the library (owner_id
// NULL), which admins curate and publish. Every save adds a row to prompt_template_versions;
// prompt_templates holds the current one. Tags are a JSON array of strings. The library's
// first templates are written here once, as version 1, and are ordinary rows afterwards.

const SEEDED_AT = '2026-11-25T00:00:00.000Z';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompt_template_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('prompt_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('featured', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) =>
      c.references('prompt_template_categories.id').onDelete('set null'),
    )
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('use_count', 'integer', (c) => c.notNull())
    .addColumn('copied_from', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prompt_templates_owner_idx')
    .on('prompt_templates')
    .columns(['owner_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('prompt_templates_visibility_idx')
    .on('prompt_templates')
    .columns(['visibility', 'use_count'])
    .execute();

  await db.schema
    .createTable('prompt_template_versions')
    .addColumn('template_id', 'text', (c) =>
      c.notNull().references('prompt_templates.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_template_versions_pk', ['template_id', 'version'])
    .execute();

  await db.schema
    .createTable('prompt_template_favourites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('template_id', 'text', (c) =>
      c.notNull().references('prompt_templates.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_template_favourites_pk', ['user_id', 'template_id'])
    .execute();

  await seed(db as Kysely<SeedDatabase>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prompt_template_favourites').execute();
  await db.schema.dropTable('prompt_template_versions').execute();
  await db.schema.dropTable('prompt_templates').execute();
  await db.schema.dropTable('prompt_template_categories').execute();
}

interface SeedDatabase {
  prompt_template_categories: { id: string; name: string; position: number; created_at: string };
  prompt_templates: {
    id: string;
    owner_id: string | null;
    visibility: string;
    featured: number;
    title: string;
    description: string;
    category_id: string | null;
    tags: string;
    body: string;
    version: number;
    use_count: number;
    copied_from: string | null;
    created_at: string;
    updated_at: string;
  };
  prompt_template_versions: {
    template_id: string;
    version: number;
    title: string;
    description: string;
    category_id: string | null;
    tags: string;
    body: string;
    created_by: string | null;
    created_at: string;
  };
}

async function seed(db: Kysely<SeedDatabase>): Promise<void> {
  await db
    .insertInto('prompt_template_categories')
    .values(SEED_CATEGORIES.map((c, i) => ({ ...c, position: i, created_at: SEEDED_AT })))
    .execute();
  for (const t of SEED_TEMPLATES) {
    const fields = {
      title: t.title,
      description: t.description,
      category_id: t.category,
      tags: JSON.stringify(t.tags),
      body: t.body,
    };
    await db
      .insertInto('prompt_templates')
      .values({
        id: t.id,
        owner_id: null,
        visibility: 'public',
        featured: t.featured ? 1 : 0,
        ...fields,
        version: 1,
        use_count: 0,
        copied_from: null,
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      })
      .execute();
    await db
      .insertInto('prompt_template_versions')
      .values({
        template_id: t.id,
        version: 1,
        ...fields,
        created_by: null,
        created_at: SEEDED_AT,
      })
      .execute();
  }
}
