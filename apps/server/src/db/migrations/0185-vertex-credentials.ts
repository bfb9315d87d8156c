import type { Kysely } from 'kysely';

// Vertex AI's service-account JSON key set in the admin console: sealed like the API keys
// (AES-256-GCM under the settings key, outside the database), with its client_email as the hint.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('provider_settings')
    .addColumn('vertex_credentials_sealed', 'text')
    .execute();
  await db.schema
    .alterTable('provider_settings')
    .addColumn('vertex_credentials_email', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_settings').dropColumn('vertex_credentials_email').execute();
  await db.schema.alterTable('provider_settings').dropColumn('vertex_credentials_sealed').execute();
}
