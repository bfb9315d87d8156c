import type { LogEntry, TelemetryEvent } from '@parallax/contract';
import { timeOrderedId } from '../../infra/time-ordered-id';
import type { TelemetryRepository } from './telemetry.repository';

/**
 * Stores what browsers report (spec §7 "Logging"); the request id ties a batch to its log line.
 * `reporter` is the signed-in user the request authenticates as, or null: the entries' own
 * `user_id` is whatever the sender typed, and a report filed under another user would show in
 * the admin's support panel beside that user's tickets.
 */
export class TelemetryService {
  constructor(private readonly repository: TelemetryRepository) {}

  /** Returns how many entries were stored. */
  async recordErrors(
    entries: readonly LogEntry[],
    reporter: string | null,
    requestId: string,
  ): Promise<number> {
    const now = Date.now();
    const receivedAt = new Date(now).toISOString();
    await this.repository.insertErrorLogs(
      entries.map(({ error, ...entry }) => {
        const { type, severity, message, ...details } = error;
        return {
          // Ordered as received: the newest of a group's reports is its "latest", even when
          // several arrived in the same millisecond.
          id: timeOrderedId(now),
          client_id: entry.id,
          error_type: type,
          severity: severity ?? null,
          message,
          stack_trace: entry.stack_trace ?? null,
          url: entry.url,
          user_agent: entry.user_agent,
          user_id: reporter,
          session_id: entry.session_id,
          breadcrumbs: JSON.stringify(entry.breadcrumbs),
          performance: JSON.stringify(entry.performance ?? {}),
          details: JSON.stringify(details),
          occurred_at: new Date(entry.timestamp).toISOString(),
          request_id: requestId,
          created_at: receivedAt,
        };
      }),
    );
    return entries.length;
  }

  /** Returns how many events were stored. */
  async recordEvents(
    events: readonly TelemetryEvent[],
    reporter: string | null,
    requestId: string,
  ): Promise<number> {
    const now = Date.now();
    const receivedAt = new Date(now).toISOString();
    await this.repository.insertEvents(
      events.map((e) => ({
        id: timeOrderedId(now),
        event_type: e.event_type,
        properties: JSON.stringify(e.properties),
        user_id: reporter,
        session_id: e.session_id,
        // Normalised to UTC so stored timestamps keep sorting as time (see db/schema/conventions.ts).
        occurred_at: new Date(e.timestamp).toISOString(),
        request_id: requestId,
        created_at: receivedAt,
      })),
    );
    return events.length;
  }
}
