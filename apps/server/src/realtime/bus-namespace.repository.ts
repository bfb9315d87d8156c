import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export class BusNamespaceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Written once by migration 0020; every process on this database reads the same value. */
  async read(): Promise<string> {
    const row = await this.db.selectFrom('bus_namespace').select('id').executeTakeFirstOrThrow();
    return row.id;
  }
}
