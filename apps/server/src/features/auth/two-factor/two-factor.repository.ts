import type { Kysely, Selectable } from 'kysely';
import type { Database, TwoFactorChallengesTable, TwoFactorTable } from '../../../db/schema';

export type TwoFactorRow = Selectable<TwoFactorTable>;
export type TwoFactorChallengeRow = Selectable<TwoFactorChallengesTable>;

/**
 * TOTP enrolments, recovery codes and sign-in challenges. Every "spend once" change (a TOTP
 * step, a recovery code, a challenge) is one conditional statement, so of parallel requests in
 * any processes exactly one wins.
 */
export class TwoFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<TwoFactorRow | undefined> {
    return this.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** A new pending enrolment replaces an older pending one; an enabled one is left alone. */
  async savePending(userId: string, secretSealed: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('two_factor')
      .values({
        user_id: userId,
        secret_sealed: secretSealed,
        enabled_at: null,
        last_used_step: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret_sealed: secretSealed, last_used_step: null, updated_at: now })
          .where('two_factor.enabled_at', 'is', null),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Records `step` as used unless it, or a later one, was used already. */
  async spendStep(userId: string, step: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor')
      .set({ last_used_step: step, updated_at: now })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Turns a pending enrolment on with its recovery codes, in one transaction. */
  async enable(userId: string, codeHashes: readonly string[], now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('two_factor')
        .set({ enabled_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await this.replaceCodesIn(trx, userId, codeHashes, now);
      return true;
    });
  }

  async replaceRecoveryCodes(
    userId: string,
    codeHashes: readonly string[],
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute((trx) => this.replaceCodesIn(trx, userId, codeHashes, now));
  }

  async spendRecoveryCode(userId: string, codeHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async countUnusedRecoveryCodes(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('two_factor_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Removes the enrolment, its codes and any open challenge. */
  async remove(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
    });
  }

  /** Also clears the account's expired challenges, so they never pile up. */
  async insertChallenge(row: TwoFactorChallengeRow): Promise<void> {
    await this.db
      .deleteFrom('two_factor_challenges')
      .where('user_id', '=', row.user_id)
      .where('expires_at', '<=', row.created_at)
      .execute();
    await this.db.insertInto('two_factor_challenges').values(row).execute();
  }

  findLiveChallenge(tokenHash: string, now: string): Promise<TwoFactorChallengeRow | undefined> {
    return this.db
      .selectFrom('two_factor_challenges')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async spendChallenge(tokenHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor_challenges')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async replaceCodesIn(
    trx: Kysely<Database>,
    userId: string,
    codeHashes: readonly string[],
    now: string,
  ): Promise<void> {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(
        codeHashes.map((code_hash) => ({
          user_id: userId,
          code_hash,
          used_at: null,
          created_at: now,
        })),
      )
      .execute();
  }
}
