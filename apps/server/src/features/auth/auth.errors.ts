import { AppError } from '../../infra/errors';

/** A 429 that tells the client when to try again (sent as Retry-After by the auth routes). */
export class RetryLaterError extends AppError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', detail);
  }
}

export const INVALID_CREDENTIALS = 'Incorrect email or password.';
export const INVALID_CODE =
  'This code is invalid or has expired. Check the latest email or request a new code.';
export const INVALID_RESET_TOKEN =
  'This password reset link is invalid or has expired. Please request a new one.';

export function passwordRejected(field: string, problem: string): AppError {
  return new AppError('validation_error', `${field}: ${problem}`);
}
