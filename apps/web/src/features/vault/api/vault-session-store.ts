import { VAULT_TOKEN_HEADER, type VaultSession } from '@parallax/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface VaultSessionState {
  /** The open vault's session token; null while locked. */
  token: string | null;
  /** When the vault locks itself without further vault activity. */
  expiresAt: number | null;
  open(session: VaultSession): void;
  close(): void;
}

/**
 * Kept for this tab only (sessionStorage): a reload stays unlocked, a closed tab forgets it. The
 * token opens nothing without the server's secret, and the server ends it on Lock now, sign-out,
 * a PIN change and 30 idle minutes whatever the tab still holds.
 */
export const useVaultSession = create<VaultSessionState>()(
  persist(
    (set) => ({
      token: null,
      expiresAt: null,
      open: (session) =>
        set({ token: session.vault_token, expiresAt: Date.parse(session.expires_at) }),
      close: () => set({ token: null, expiresAt: null }),
    }),
    {
      name: 'vault-session',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ token: state.token, expiresAt: state.expiresAt }),
    },
  ),
);

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
