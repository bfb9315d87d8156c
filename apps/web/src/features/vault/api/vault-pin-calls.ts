import type {
  ChangeVaultPinRequest,
  EraseVaultRequest,
  SetUpVaultRequest,
  UnlockVaultRequest,
  VaultCreated,
  VaultSession,
} from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { useVaultSession } from './vault-session-store';

/**
 * POST /vault/setup: the answer holds the recovery key, the only time it is ever sent. The
 * session it opens is kept by the caller once the key was saved (useVaultSession.open).
 */
export async function setUpVault(body: SetUpVaultRequest): Promise<VaultCreated> {
  const res = await http.post<unknown>('/vault/setup', body);
  return parseWire('VaultCreated', res.data);
}

/** POST /vault/unlock. */
export async function unlockVault(body: UnlockVaultRequest): Promise<VaultSession> {
  const res = await http.post<unknown>('/vault/unlock', body);
  const session = parseWire('VaultSession', res.data);
  useVaultSession.getState().open(session);
  return session;
}

/** POST /vault/lock: every session of the account ends, in every tab and device. */
export async function lockVault(): Promise<void> {
  useVaultSession.getState().close();
  await http.post<unknown>('/vault/lock');
}

/** POST /vault/change-pin, with the current PIN or the recovery key (contents kept). */
export async function changeVaultPin(body: ChangeVaultPinRequest): Promise<VaultSession> {
  const res = await http.post<unknown>('/vault/change-pin', body);
  const session = parseWire('VaultSession', res.data);
  useVaultSession.getState().open(session);
  return session;
}

/** POST /vault/reset/request-code: mails a code that resets the PIN by erasing the vault. */
export async function requestVaultResetCode(): Promise<void> {
  await http.post<unknown>('/vault/reset/request-code');
}

/** POST /vault/reset/erase: empties the vault under a new PIN and a new recovery key. */
export async function eraseVault(body: EraseVaultRequest): Promise<VaultCreated> {
  const res = await http.post<unknown>('/vault/reset/erase', body);
  return parseWire('VaultCreated', res.data);
}
