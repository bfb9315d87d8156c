import { LOG_CAPS, type Breadcrumb, type LogEntry } from '@parallax/contract';
import { classifyError } from '../errors/classify-error';
import { toScalarRecord, truncate } from './fit-to-caps';
import { redactRecord, redactText, redactUrl } from './redact';

export interface LogEntryInput {
  id: string;
  error: unknown;
  context?: Record<string, unknown>;
  userAgent: string;
  url: string;
  userId: string | null;
  sessionId: string;
  breadcrumbs: Breadcrumb[];
  /** Named measurements in ms (navigation timing, long tasks). */
  performance?: Record<string, number>;
  now: Date;
}

/**
 * One error as the contract's LogEntry: the structured error record of spec §3 (classified like
 * any other error, so the server sees the same type and user message the user saw), with every
 * field fitted to the contract's caps and scrubbed of secrets (redact.ts).
 */
export function buildLogEntry(input: LogEntryInput): LogEntry {
  const record = classifyError(input.error, input.context ? { context: input.context } : {});
  const stack = input.error instanceof Error ? input.error.stack : undefined;
  const context = toScalarRecord(redactRecord(record.context));
  return {
    id: truncate(input.id, LOG_CAPS.idChars),
    error: {
      type: record.type,
      severity: record.severity,
      message: truncate(redactText(record.message), LOG_CAPS.messageChars),
      user_message: truncate(record.userMessage, LOG_CAPS.userMessageChars),
      retryable: record.retryable,
      action_id: truncate(record.actionId, LOG_CAPS.idChars),
      ...(Object.keys(context).length > 0 && { context }),
    },
    user_agent: truncate(input.userAgent, LOG_CAPS.userAgentChars),
    url: truncate(redactUrl(input.url), LOG_CAPS.urlChars),
    user_id: input.userId === null ? null : truncate(input.userId, LOG_CAPS.idChars),
    session_id: truncate(input.sessionId, LOG_CAPS.idChars),
    timestamp: input.now.toISOString(),
    breadcrumbs: input.breadcrumbs,
    ...(input.performance && { performance: input.performance }),
    stack_trace: stack === undefined ? null : truncate(redactText(stack), LOG_CAPS.stackChars),
  };
}
