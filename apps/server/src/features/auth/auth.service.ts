import { randomUUID } from 'node:crypto';
import type { RegisterResponse, SignInResponse } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { MailMessage } from '../../infra/mailer/mailer';
import type { AccountsRepository, UserRow } from './accounts.repository';
import {
  INVALID_CODE,
  INVALID_CREDENTIALS,
  passwordRejected,
  RetryLaterError,
} from './auth.errors';
import { existingAccountMail, verificationCodeMail } from './auth.mails';
import type { CredentialsRepository } from './credentials.repository';
import {
  hashPassword,
  prepareDummyHash,
  verifyAgainstDummy,
  verifyPassword,
} from './password-hasher';
import {
  describePasswordProblem,
  findPasswordProblem,
  loadCommonPasswords,
} from './password-policy';
import { generateVerificationCode, hashVerificationCode, normaliseEmail } from './secrets';
import type { SignInService } from './sign-in.service';
import { Cooldown, Throttle } from './throttle';
import type { ThrottlesRepository } from './throttles.repository';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** One mail per address per minute: codes, resends and "you already have an account". */
export const MAIL_INTERVAL_MS = 60_000;
/** Login backoff: the 5th failure in a row blocks for 30 s, each further one doubles it, at most 15 minutes. */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  baseBlockMs: 30_000,
  maxBlockMs: 15 * 60_000,
} as const;

export interface AuthServiceDeps {
  accounts: AccountsRepository;
  credentials: CredentialsRepository;
  throttles: ThrottlesRepository;
  signIn: SignInService;
  sendMail: (message: MailMessage) => void;
  appUrl: string;
  codeKey: string;
}

export class AuthService {
  readonly loginThrottle: Throttle;
  private readonly mailCooldown: Cooldown;

  constructor(private readonly deps: AuthServiceDeps) {
    this.loginThrottle = new Throttle(deps.throttles, LOGIN_THROTTLE);
    this.mailCooldown = new Cooldown(deps.throttles, MAIL_INTERVAL_MS);
    // Both before the app listens: the first sign-up after boot must not depend on a file read.
    loadCommonPasswords();
    void prepareDummyHash();
  }

  /**
   * Same answer for a new and a taken email. A verified owner gets a "someone tried" mail; an
   * unverified account takes the new password and a fresh code, which only the mailbox owner
   * can read, so whoever verifies proves they own the address.
   */
  async register(
    rawEmail: string,
    password: string,
    name: string | undefined,
  ): Promise<RegisterResponse> {
    const email = normaliseEmail(rawEmail);
    const problem = findPasswordProblem(password);
    if (problem !== null) throw passwordRejected('password', describePasswordProblem(problem));
    // Hash first, whatever happens next: every branch costs the same argon2 work.
    const passwordHash = await hashPassword(password);
    const answer: RegisterResponse = { verification_required: true, email };
    const now = new Date().toISOString();

    const existing = await this.deps.accounts.findByEmail(email);
    if (existing === undefined) {
      const id = randomUUID();
      const created = await this.deps.accounts.insert({
        id,
        email,
        password_hash: passwordHash,
        name: name ?? null,
        avatar_url: null,
        role: 'user',
        email_verified: 0,
        preferences: '{}',
        created_at: now,
        updated_at: now,
      });
      if (created && (await this.mailCooldown.tryTake(email))) await this.sendCode(id, email);
      return answer;
    }
    if (!(await this.mailCooldown.tryTake(email))) return answer;
    if (existing.email_verified === 1) {
      this.deps.sendMail(
        existingAccountMail(
          email,
          `${this.deps.appUrl}/login`,
          `${this.deps.appUrl}/forgot-password`,
        ),
      );
    } else {
      await this.deps.accounts.update(existing.id, {
        password_hash: passwordHash,
        name: name ?? existing.name,
        updated_at: now,
      });
      await this.sendCode(existing.id, email);
    }
    return answer;
  }

  async verifyCode(
    rawEmail: string,
    code: string,
    visitorId: string | null,
  ): Promise<SignInResponse> {
    const email = normaliseEmail(rawEmail);
    const user = await this.deps.accounts.findByEmail(email);
    if (
      !user ||
      !(await this.deps.credentials.takeCodeAttempt(
        user.id,
        CODE_MAX_ATTEMPTS,
        new Date().toISOString(),
      ))
    ) {
      // Expired or out of tries: nothing can use it any more.
      if (user) await this.deps.credentials.deleteVerificationCode(user.id);
      throw new AppError('bad_request', INVALID_CODE);
    }
    const consumed = await this.deps.credentials.consumeVerificationCode(
      user.id,
      hashVerificationCode(code, email, this.deps.codeKey),
    );
    if (!consumed) throw new AppError('bad_request', INVALID_CODE);
    await this.deps.accounts.update(user.id, {
      email_verified: 1,
      updated_at: new Date().toISOString(),
    });
    return this.deps.signIn.complete({ ...user, email_verified: 1 }, visitorId);
  }

  /** 429 within a minute of the last mail to the address, known or not (no enumeration). */
  async resendCode(rawEmail: string): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!(await this.mailCooldown.tryTake(email))) {
      // The cooldown may run out between the take and this read; never say "wait 0 seconds".
      const wait = Math.max(1, await this.mailCooldown.remainingSeconds(email));
      throw new RetryLaterError(
        `Please wait ${wait} seconds before requesting another code.`,
        wait,
      );
    }
    const user = await this.deps.accounts.findByEmail(email);
    if (user !== undefined && user.email_verified === 0) await this.sendCode(user.id, email);
  }

  /**
   * An admin's resend for a known, unverified account: no per-address cooldown (the admin
   * route has its own rate limit, and the admin asked for exactly this mail).
   */
  async resendCodeFor(userId: string): Promise<void> {
    const user = await this.deps.accounts.findById(userId);
    if (user !== undefined && user.email_verified === 0) await this.sendCode(user.id, user.email);
  }

  /**
   * Unknown email and wrong password: same status, body and argon2 work. Failures count per
   * email (existing or not) so throttling reveals nothing either.
   */
  async login(
    rawEmail: string,
    password: string,
    visitorId: string | null,
  ): Promise<SignInResponse> {
    const email = normaliseEmail(rawEmail);
    const key = `login:${email}`;
    const verdict = await this.loginThrottle.check(key);
    if (!verdict.allowed) {
      throw new RetryLaterError(
        `Too many failed sign-in attempts. Try again in ${verdict.retryAfterSeconds} seconds.`,
        verdict.retryAfterSeconds,
      );
    }
    const user = await this.deps.accounts.findByEmail(email);
    const ok = user?.password_hash
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!user || !ok) {
      await this.loginThrottle.recordFailure(key);
      throw new AppError('unauthorized', INVALID_CREDENTIALS);
    }
    await this.loginThrottle.reset(key);
    if (user.email_verified !== 1) {
      throw new AppError(
        'verification_required',
        'Please verify your email address first: enter the code we sent you.',
      );
    }
    return this.deps.signIn.complete(user, visitorId);
  }

  async findUser(userId: string): Promise<UserRow | undefined> {
    return this.deps.accounts.findById(userId);
  }

  private async sendCode(userId: string, email: string): Promise<void> {
    const code = generateVerificationCode();
    const now = new Date();
    await this.deps.credentials.replaceVerificationCode({
      user_id: userId,
      code_hash: hashVerificationCode(code, email, this.deps.codeKey),
      attempts: 0,
      expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    });
    this.deps.sendMail(verificationCodeMail(email, code, CODE_TTL_MS / 60_000));
  }
}
