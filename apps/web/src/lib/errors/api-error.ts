/** What went wrong on the way to or from the server, after the response interceptor. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'cancelled';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  /** The server's `error` field (e.g. `verification_required`). */
  code?: string;
  detail?: string;
  requestId?: string;
  /** The response body as the server sent it (snake_case), for callers that need more than the message. */
  data?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly requestId: string | undefined;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.data = init.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
