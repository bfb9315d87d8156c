import {
  NON_HTTP_POLICIES,
  OTHER_STATUS_FALLBACK_MESSAGE,
  RETRY,
  STATUS_POLICIES,
  type ClientErrorType,
  type ErrorPolicy,
  type ErrorSeverity,
} from '@parallax/contract';
import { isApiError } from './api-error';

/** The structured error record of spec §3. */
export interface StructuredError {
  type: ClientErrorType;
  severity: ErrorSeverity;
  message: string;
  userMessage: string;
  timestamp: string;
  context: Record<string, unknown>;
  retryable: boolean;
  maxRetries: number;
  currentRetries: number;
  originalError: unknown;
  actionId: string;
}

export interface ClassifyOptions {
  context?: Record<string, unknown>;
  currentRetries?: number;
  actionId?: string;
}

function newActionId(): string {
  return `act_${crypto.randomUUID()}`;
}

function policyForStatus(status: number, serverText: string | undefined): ErrorPolicy {
  const known = STATUS_POLICIES[status];
  if (known) return known;
  const retryable = status >= 500;
  let type: ClientErrorType = 'UNKNOWN_ERROR';
  if (status >= 500) type = 'SERVER_ERROR';
  else if (status === 400 || status === 422) type = 'VALIDATION_ERROR';
  return {
    type,
    severity: status >= 500 ? 'HIGH' : type === 'VALIDATION_ERROR' ? 'LOW' : 'MEDIUM',
    userMessage: serverText ?? OTHER_STATUS_FALLBACK_MESSAGE,
    retryable,
    maxRetries: retryable ? RETRY.maxAttempts : 0,
  };
}

function isValidationError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ZodError' || error.name === 'ValidationError');
}

function policyFor(error: unknown): ErrorPolicy {
  if (isApiError(error)) {
    if (error.kind === 'timeout') return NON_HTTP_POLICIES.timeout;
    if (error.kind === 'network') return NON_HTTP_POLICIES.network;
    if (error.kind === 'http' && error.status !== undefined)
      return policyForStatus(error.status, error.detail ?? error.code);
  }
  if (isValidationError(error)) return NON_HTTP_POLICIES.validation;
  if (error instanceof TypeError && /fetch|network/i.test(error.message))
    return NON_HTTP_POLICIES.network;
  return NON_HTTP_POLICIES.unknown;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Classifies any thrown value per spec §8 (STATUS_POLICIES / NON_HTTP_POLICIES). */
export function classifyError(error: unknown, options: ClassifyOptions = {}): StructuredError {
  const policy = policyFor(error);
  const context: Record<string, unknown> = { ...options.context };
  if (isApiError(error)) {
    if (error.status !== undefined) context.status = error.status;
    if (error.code !== undefined) context.code = error.code;
    if (error.requestId !== undefined) context.requestId = error.requestId;
  }
  return {
    type: policy.type,
    severity: policy.severity,
    message: messageOf(error),
    userMessage: policy.userMessage,
    timestamp: new Date().toISOString(),
    context,
    retryable: policy.retryable,
    maxRetries: policy.maxRetries,
    currentRetries: options.currentRetries ?? 0,
    originalError: error,
    actionId: options.actionId ?? newActionId(),
  };
}
