import { z } from 'zod';
import { LIMITS, LOG_BATCH_MAX, LOG_CAPS, TELEMETRY_BATCH_MAX } from '../constants';
import { ERROR_SEVERITIES } from '../errors';
import { IsoTimestamp } from './common';

/*
 * Spec §3 "Log entry" and "Telemetry event", posted in batches by the web client every 30 s
 * and by beacon on unload. Every string and collection is capped: these calls are open to
 * visitors, so one request must not be able to store unbounded data.
 */

const Scalar = z.union([z.string().max(LOG_CAPS.scalarChars), z.number(), z.boolean(), z.null()]);

function cappedRecord<V extends z.ZodType>(value: V) {
  return z
    .record(z.string().max(LOG_CAPS.keyChars), value)
    .refine(
      (r) => Object.keys(r).length <= LOG_CAPS.recordKeys,
      `At most ${LOG_CAPS.recordKeys} keys`,
    );
}

/** Flat key → scalar map (context, breadcrumb data, event properties). */
export const ScalarRecord = cappedRecord(Scalar);
export type ScalarRecord = z.infer<typeof ScalarRecord>;

export const Breadcrumb = z.object({
  timestamp: IsoTimestamp,
  category: z.string().min(1).max(LOG_CAPS.typeChars),
  message: z.string().max(LOG_CAPS.scalarChars),
  data: ScalarRecord.optional(),
});
export type Breadcrumb = z.infer<typeof Breadcrumb>;

/** The structured error record, as much of it as is worth keeping server-side. */
export const LoggedError = z.object({
  type: z.string().min(1).max(LOG_CAPS.typeChars),
  severity: z.enum(ERROR_SEVERITIES).optional(),
  message: z.string().max(LOG_CAPS.messageChars),
  user_message: z.string().max(LOG_CAPS.userMessageChars).optional(),
  retryable: z.boolean().optional(),
  action_id: z.string().max(LOG_CAPS.idChars).optional(),
  context: ScalarRecord.optional(),
});
export type LoggedError = z.infer<typeof LoggedError>;

export const LogEntry = z.object({
  id: z.string().min(1).max(LOG_CAPS.idChars),
  error: LoggedError,
  user_agent: z.string().max(LOG_CAPS.userAgentChars),
  url: z.string().max(LOG_CAPS.urlChars),
  user_id: z.string().max(LOG_CAPS.idChars).nullable(),
  session_id: z.string().max(LOG_CAPS.idChars),
  timestamp: IsoTimestamp,
  breadcrumbs: z.array(Breadcrumb).max(LIMITS.breadcrumbCap),
  /** Named measurements in ms (long tasks, navigation timing...). */
  performance: cappedRecord(z.number()).optional(),
  stack_trace: z.string().max(LOG_CAPS.stackChars).nullable().optional(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const LogErrorsRequest = z.object({ errors: z.array(LogEntry).min(1).max(LOG_BATCH_MAX) });
export type LogErrorsRequest = z.infer<typeof LogErrorsRequest>;

export const TelemetryEvent = z.object({
  event_type: z.string().min(1).max(100),
  properties: ScalarRecord,
  timestamp: IsoTimestamp,
  session_id: z.string().max(128),
  user_id: z.string().max(128).nullable(),
});
export type TelemetryEvent = z.infer<typeof TelemetryEvent>;

export const TelemetryRequest = z.object({
  events: z.array(TelemetryEvent).min(1).max(TELEMETRY_BATCH_MAX),
});
export type TelemetryRequest = z.infer<typeof TelemetryRequest>;

/** How many entries or events were stored. */
export const AcceptedResponse = z.object({ accepted: z.int().nonnegative() });
export type AcceptedResponse = z.infer<typeof AcceptedResponse>;

/*
 * Admin view of browser error reports (/admin/errors): reports grouped by error type and
 * message, newest activity first.
 */
export const ClientErrorGroup = z.object({
  type: z.string(),
  message: z.string(),
  count: z.int().nonnegative(),
  /** Distinct signed-in users who hit it (visitors are not counted). */
  affected_users: z.int().nonnegative(),
  first_seen: IsoTimestamp,
  last_seen: IsoTimestamp,
  /** The Error ID of the group's newest report, to open its breadcrumbs and stack. */
  latest_error_id: z.string(),
});
export type ClientErrorGroup = z.infer<typeof ClientErrorGroup>;

export const ClientErrorGroupsResponse = z.object({ groups: z.array(ClientErrorGroup) });
export type ClientErrorGroupsResponse = z.infer<typeof ClientErrorGroupsResponse>;

/** One stored report with what led to it. */
export const ClientErrorReport = z.object({
  /** The Error ID the user saw. */
  error_id: z.string(),
  type: z.string(),
  severity: z.enum(ERROR_SEVERITIES).nullable(),
  message: z.string(),
  url: z.string(),
  user_agent: z.string(),
  user_id: z.string().nullable(),
  occurred_at: IsoTimestamp,
  received_at: IsoTimestamp,
  stack_trace: z.string().nullable(),
  breadcrumbs: z.array(Breadcrumb),
  performance: z.record(z.string(), z.number()),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

export const ClientErrorReportResponse = z.object({ report: ClientErrorReport });
export type ClientErrorReportResponse = z.infer<typeof ClientErrorReportResponse>;

export const ClientErrorIdParams = z.object({ errorId: z.string().min(1).max(LOG_CAPS.idChars) });
