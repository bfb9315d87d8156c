import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

export class GenerationLeasesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async heartbeat(processId: string, now: string): Promise<void> {
    await this.db
      .insertInto('generation_leases')
      .values({ process_id: processId, heartbeat_at: now })
      .onConflict((oc) => oc.column('process_id').doUpdateSet({ heartbeat_at: now }))
      .execute();
  }

  async release(processId: string): Promise<void> {
    await this.db.deleteFrom('generation_leases').where('process_id', '=', processId).execute();
  }

  /** Leases of processes long gone (kept a while so their orphans are found first). */
  async deleteOlderThan(cutoff: string): Promise<void> {
    await this.db.deleteFrom('generation_leases').where('heartbeat_at', '<', cutoff).execute();
  }
}
