import { VAULT_TOKEN_HEADER, type VaultSession } from '@parallax/contract';
import { create } from 'zustand';

interface VaultSessionState {
  /** The open vault's session token; null while locked. Kept in memory only: a reload locks. */
  token: string | null;
  /** When the vault locks itself without further vault activity. */
  expiresAt: number | null;
  open(session: VaultSession): void;
  close(): void;
}

export const useVaultSession = create<VaultSessionState>((set) => ({
  token: null,
  expiresAt: null,
  open: (session) => set({ token: session.vault_token, expiresAt: Date.parse(session.expires_at) }),
  close: () => set({ token: null, expiresAt: null }),
}));

/** The header a vault call sends; throws nothing, a missing token is simply a locked vault. */
export function vaultHeaders(): Record<string, string> {
  const { token } = useVaultSession.getState();
  return token ? { [VAULT_TOKEN_HEADER]: token } : {};
}

/** Every vault answer renews the session: keep the fresh token and its new expiry. */
export function keepRenewedSession(headers: Headers): void {
  const token = headers.get(VAULT_TOKEN_HEADER);
  const expires = headers.get('x-vault-expires-at');
  if (token && expires)
    useVaultSession.getState().open({ vault_token: token, expires_at: expires });
}
