import { useQuery } from '@tanstack/react-query';
import { http, parseWire, type Wire } from '../../../../lib/http';

export const twoFactorStatusKey = ['two-factor-status'] as const;

/** GET /auth/2fa. */
export async function getTwoFactorStatus(): Promise<Wire<'TwoFactorStatus'>> {
  const res = await http.get<unknown>('/auth/2fa');
  return parseWire('TwoFactorStatus', res.data);
}

export function useTwoFactorStatus(enabled: boolean) {
  return useQuery({ queryKey: twoFactorStatusKey, queryFn: getTwoFactorStatus, enabled });
}
