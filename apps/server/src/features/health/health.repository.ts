import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One round trip to the database; rejects when it cannot answer. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
