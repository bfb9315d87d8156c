import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, VaultsTable } from '../../db/schema';

export type VaultRow = Selectable<VaultsTable>;
export type NewVaultRow = Insertable<VaultsTable>;

export interface VaultWraps {
  kdf: string;
  pin_salt: string;
  pin_wrap: string;
  digit_pin: number;
  recovery_salt?: string;
  recovery_wrap?: string;
}

/**
 * The vault row of each account. Every change that must hold across processes (the wrong-PIN
 * count, the epoch, the reset code's tries) is one statement that reads and writes the row
 * together, so parallel requests in any number of processes are serialised by its row lock.
 */
export class VaultRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<VaultRow | undefined> {
    return this.db
      .selectFrom('vaults')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async epochOf(userId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('vaults')
      .select('epoch')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.epoch;
  }

  /** False when the account has a vault already (a parallel set-up won). */
  async insert(row: NewVaultRow): Promise<boolean> {
    const result = await this.db
      .insertInto('vaults')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Counts an unlock attempt BEFORE its PIN is checked, so parallel attempts can never test
   * more PINs than the limit allows. The attempt that reaches `maxAttempts` starts a lockout at
   * once (`lockoutEnds[n]` for the n-th lockout in a row, the last entry beyond), and the count
   * restarts. Undefined while locked out (or without a vault): nothing is counted.
   */
  reserveAttempt(
    userId: string,
    maxAttempts: number,
    lockoutEnds: readonly string[],
    now: string,
  ): Promise<VaultRow | undefined> {
    return this.db
      .updateTable('vaults')
      .set((eb) => {
        const reaches = eb(eb.ref('failed_attempts'), '>=', maxAttempts - 1);
        const capped = lockoutEnds.at(-1) ?? now;
        const [first = capped, ...later] = lockoutEnds;
        let chain = eb.case(eb.ref('lockouts')).when(eb.val(0)).then(eb.val(first));
        for (const [index, until] of later.entries())
          chain = chain.when(eb.val(index + 1)).then(eb.val(until));
        const lockEnd = chain.else(eb.val(capped)).end();
        return {
          failed_attempts: eb
            .case()
            .when(reaches)
            .then(eb.val(0))
            .else(eb(eb.ref('failed_attempts'), '+', 1))
            .end(),
          lockouts: eb
            .case()
            .when(reaches)
            .then(eb(eb.ref('lockouts'), '+', 1))
            .else(eb.ref('lockouts'))
            .end(),
          locked_until: eb.case().when(reaches).then(lockEnd).else(eb.val(null)).end(),
        };
      })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Counts a recovery-key attempt before the key is checked, apart from the PIN's count: at
   * most `maxAttempts` in a window that the first attempt after the last window opens.
   * Undefined while the window's attempts are spent (or without a vault).
   */
  reserveRecoveryAttempt(
    userId: string,
    maxAttempts: number,
    windowEnds: string,
    now: string,
  ): Promise<VaultRow | undefined> {
    return this.db
      .updateTable('vaults')
      .set((eb) => {
        const windowOver = eb.or([
          eb('recovery_window_ends', 'is', null),
          eb('recovery_window_ends', '<=', now),
        ]);
        return {
          recovery_attempts: eb
            .case()
            .when(windowOver)
            .then(eb.val(1))
            .else(eb(eb.ref('recovery_attempts'), '+', 1))
            .end(),
          recovery_window_ends: eb
            .case()
            .when(windowOver)
            .then(eb.val(windowEnds))
            .else(eb.ref('recovery_window_ends'))
            .end(),
        };
      })
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('recovery_window_ends', 'is', null),
          eb('recovery_window_ends', '<=', now),
          eb('recovery_attempts', '<', maxAttempts),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** A right PIN: the count, the lockout streak and any lockout its own attempt started end. */
  async clearAttempts(userId: string): Promise<void> {
    await this.db
      .updateTable('vaults')
      .set({ failed_attempts: 0, lockouts: 0, locked_until: null })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Ends every vault session of the account; returns the new epoch. */
  async raiseEpoch(userId: string, now: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('vaults')
      .set((eb) => ({ epoch: eb(eb.ref('epoch'), '+', 1), updated_at: now }))
      .where('user_id', '=', userId)
      .returning('epoch')
      .executeTakeFirst();
    return row?.epoch;
  }

  /** New wraps (same vault key or a new one); every existing session ends. */
  async replaceWraps(userId: string, wraps: VaultWraps, now: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('vaults')
      .set((eb) => ({
        ...wraps,
        epoch: eb(eb.ref('epoch'), '+', 1),
        failed_attempts: 0,
        lockouts: 0,
        locked_until: null,
        recovery_attempts: 0,
        recovery_window_ends: null,
        reset_code_hash: null,
        reset_code_expires_at: null,
        reset_code_attempts: 0,
        updated_at: now,
      }))
      .where('user_id', '=', userId)
      .returning('epoch')
      .executeTakeFirst();
    return row?.epoch;
  }

  async setResetCode(userId: string, codeHash: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('vaults')
      .set({ reset_code_hash: codeHash, reset_code_expires_at: expiresAt, reset_code_attempts: 0 })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Spends one try of the live reset code; its hash, or undefined when none is left. */
  async takeResetCodeTry(
    userId: string,
    maxTries: number,
    now: string,
  ): Promise<string | undefined> {
    const row = await this.db
      .updateTable('vaults')
      .set((eb) => ({ reset_code_attempts: eb(eb.ref('reset_code_attempts'), '+', 1) }))
      .where('user_id', '=', userId)
      .where('reset_code_hash', 'is not', null)
      .where('reset_code_expires_at', '>', now)
      .where('reset_code_attempts', '<', maxTries)
      .returning('reset_code_hash')
      .executeTakeFirst();
    return row?.reset_code_hash ?? undefined;
  }

  /**
   * Empties the vault (notes, chats, comparisons) and installs a new key's wraps, in one
   * transaction. Answers the new epoch and the storage names of the erased chats' files.
   */
  async erase(
    userId: string,
    wraps: Required<VaultWraps>,
    now: string,
  ): Promise<{ epoch: number; files: string[] } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx
        .selectFrom('attachments as a')
        .innerJoin('messages as m', 'm.id', 'a.message_id')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select('a.storage_name')
        .where('c.vault_user_id', '=', userId)
        .execute();
      await trx.deleteFrom('vault_notes').where('user_id', '=', userId).execute();
      // Turns and their files' rows go with their chats (foreign keys cascade).
      await trx.deleteFrom('conversations').where('vault_user_id', '=', userId).execute();
      await trx.deleteFrom('compare_sessions').where('vault_user_id', '=', userId).execute();
      const epoch = await new VaultRepository(trx).replaceWraps(userId, wraps, now);
      return epoch === undefined ? undefined : { epoch, files: files.map((f) => f.storage_name) };
    });
  }

  async emailOf(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.email;
  }
}
