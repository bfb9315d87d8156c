import type { IsoTimestamp } from './conventions';

// What browsers report: error logs and usage events.

export interface ClientErrorLogsTable {
  id: string;
  /** The id the browser gave the entry, for matching a user's report to a log line. */
  client_id: string;
  /** Client error type (NETWORK_ERROR, SERVER_ERROR...) and severity (LOW/MEDIUM/HIGH). */
  error_type: string;
  severity: string | null;
  message: string;
  stack_trace: string | null;
  url: string;
  user_agent: string;
  /** As claimed by the browser; not proof of identity. */
  user_id: string | null;
  session_id: string;
  /** JSON array (at most LIMITS.breadcrumbCap items). */
  breadcrumbs: string;
  /** JSON object of named measurements in ms. */
  performance: string;
  /** JSON object: the rest of the structured error record (user_message, retryable, action_id, context). */
  details: string;
  occurred_at: IsoTimestamp;
  request_id: string;
  created_at: IsoTimestamp;
}

export interface TelemetryEventsTable {
  id: string;
  event_type: string;
  /** JSON object. */
  properties: string;
  user_id: string | null;
  session_id: string;
  occurred_at: IsoTimestamp;
  request_id: string;
  created_at: IsoTimestamp;
}
