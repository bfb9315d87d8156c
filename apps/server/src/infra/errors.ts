import { API_ERROR_STATUS, type ApiErrorCode } from '@parallax/contract';

/**
 * The one error type features throw for an expected failure. The error handler turns it into
 * `{error: code, detail, request_id}` with the contract's status for the code.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    /** Shown to the user: say what to do, never how the server works inside. */
    readonly detail: string,
    status?: number,
  ) {
    super(detail);
    this.status = status ?? API_ERROR_STATUS[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
