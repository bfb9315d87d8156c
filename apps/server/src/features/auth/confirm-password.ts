import { AppError } from '../../infra/errors';
import { RetryLaterError } from './auth.errors';
import { verifyPassword } from './password-hasher';
import type { Throttle } from './throttle';

/**
 * The account's own password, asked again before a sensitive change (a new password, turning
 * two-factor off): wrong ones count toward that email's sign-in throttle, so asking here is no
 * way around the login's backoff. A wrong password is a 400 on `field`.
 */
export async function confirmPassword(
  loginThrottle: Throttle,
  account: { email: string; password_hash: string },
  password: string,
  field: string,
): Promise<void> {
  const key = `login:${account.email}`;
  const verdict = await loginThrottle.check(key);
  if (!verdict.allowed)
    throw new RetryLaterError(
      `Too many wrong passwords. Try again in ${verdict.retryAfterSeconds} seconds.`,
      verdict.retryAfterSeconds,
    );
  if (!(await verifyPassword(account.password_hash, password))) {
    await loginThrottle.recordFailure(key);
    throw new AppError('validation_error', `${field}: is incorrect`);
  }
}
