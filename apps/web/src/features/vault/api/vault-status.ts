import type { VaultStatus } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';
import { useVaultSession, vaultHeaders } from './vault-session-store';

export const vaultKey = ['vault'] as const;
export const vaultStatusKey = [...vaultKey, 'status'] as const;

/** GET /vault: set up or not, open for this session, locked out until when. */
export async function getVaultStatus(): Promise<VaultStatus> {
  const res = await http.get<unknown>('/vault', { headers: vaultHeaders() });
  const status = parseWire('VaultStatus', res.data);
  // The server no longer honours the token (locked elsewhere, expired): forget it here too.
  if (!status.unlocked) useVaultSession.getState().close();
  return status;
}

export function useVaultStatus() {
  const { isAuthenticated } = useAuth();
  const token = useVaultSession((s) => s.token);
  return useQuery({
    queryKey: [...vaultStatusKey, token !== null],
    queryFn: getVaultStatus,
    enabled: isAuthenticated,
    staleTime: 0,
  });
}
