import type { Generated } from 'kysely';
import type { IsoTimestamp } from './conventions';

// The vault: one per account, and its sealed notes.

/** One account's vault (migration 0140): its key only wrapped, never the PIN. */
export interface VaultsTable {
  user_id: string;
  kdf: string;
  pin_salt: string;
  pin_wrap: string;
  recovery_salt: string;
  recovery_wrap: string;
  digit_pin: number;
  epoch: number;
  failed_attempts: number;
  lockouts: number;
  locked_until: IsoTimestamp | null;
  reset_code_hash: string | null;
  reset_code_expires_at: IsoTimestamp | null;
  reset_code_attempts: number;
  /** Recovery-key tries in the window ending at recovery_window_ends (migration 0260). */
  recovery_attempts: Generated<number>;
  recovery_window_ends: Generated<IsoTimestamp | null>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** A secure note: title and body sealed together under the vault key. */
export interface VaultNotesTable {
  id: string;
  user_id: string;
  sealed: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}
