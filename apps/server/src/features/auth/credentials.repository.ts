import type { Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetTokensTable, VerificationCodesTable } from '../../db/schema';

export type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type ResetTokenRow = Selectable<PasswordResetTokensTable>;

/** Verification codes and password reset tokens (stored hashed). */
export class CredentialsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One live code per account: a new code replaces the old one. */
  async replaceVerificationCode(row: VerificationCodeRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('verification_codes').where('user_id', '=', row.user_id).execute();
      await trx.insertInto('verification_codes').values(row).execute();
    });
  }

  /**
   * Spends one of the code's tries before the guess is compared: one statement, so parallel
   * guesses in any processes get at most `maxAttempts` tries between them. False when the code
   * is missing, expired or out of tries.
   */
  async takeCodeAttempt(userId: string, maxAttempts: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
    return this.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
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
    await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    return true;
  }
}
