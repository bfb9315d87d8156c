import type { Kysely, Selectable } from 'kysely';
import type { AuthThrottlesTable, Database, PasswordResetTokensTable, VerificationCodesTable } from '../../db/schema';

export type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type ResetTokenRow = Selectable<PasswordResetTokensTable>;
export type ThrottleRow = Selectable<AuthThrottlesTable>;

/** Verification codes, password reset tokens and throttle counters (all stored hashed or keyed). */
export class CredentialsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One live code per account: a new code replaces the old one. */
  async replaceVerificationCode(row: VerificationCodeRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('verification_codes').where('user_id', '=', row.user_id).execute();
      await trx.insertInto('verification_codes').values(row).execute();
    });
  }

  findVerificationCode(userId: string): Promise<VerificationCodeRow | undefined> {
    return this.db.selectFrom('verification_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Counts a wrong try atomically; returns the attempts made so far. */
  async countWrongAttempt(userId: string): Promise<number> {
    await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .execute();
    const row = await this.findVerificationCode(userId);
    return row?.attempts ?? Number.POSITIVE_INFINITY;
  }

  /** True for exactly one caller: the code is single use even under concurrent tries. */
  async consumeVerificationCode(userId: string, codeHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('verification_codes')
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteVerificationCode(userId: string): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('user_id', '=', userId).execute();
  }

  async insertResetToken(row: ResetTokenRow): Promise<void> {
    await this.db.insertInto('password_reset_tokens').values(row).execute();
  }

  findResetToken(tokenHash: string): Promise<ResetTokenRow | undefined> {
    return this.db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** True for exactly one caller; also voids every other reset link of that user. */
  async consumeResetToken(tokenHash: string, userId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    return true;
  }

  findThrottle(key: string): Promise<ThrottleRow | undefined> {
    return this.db.selectFrom('auth_throttles').selectAll().where('key', '=', key).executeTakeFirst();
  }

  async saveThrottle(row: ThrottleRow): Promise<void> {
    await this.db
      .insertInto('auth_throttles')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures: row.failures, blocked_until: row.blocked_until, updated_at: row.updated_at }))
      .execute();
  }

  async deleteThrottle(key: string): Promise<void> {
    await this.db.deleteFrom('auth_throttles').where('key', '=', key).execute();
  }
}
