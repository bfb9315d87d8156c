import type { Insertable, Kysely } from 'kysely';
import type { ClientErrorLogsTable, Database, TelemetryEventsTable } from '../../db/schema';

export class TelemetryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertErrorLogs(rows: readonly Insertable<ClientErrorLogsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('client_error_logs')
      .values([...rows])
      .execute();
  }

  async insertEvents(rows: readonly Insertable<TelemetryEventsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('telemetry_events')
      .values([...rows])
      .execute();
  }
}
