import type { AuthProvidersResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export type AuthProviders = AuthProvidersResponse;

/** GET /api/v1/auth/providers: which social sign-ins are configured. */
export async function getAuthProviders(): Promise<AuthProviders> {
  const res = await http.get<unknown>('/auth/providers');
  return parseWire('AuthProvidersResponse', res.data);
}

/** Providers for the sign-in buttons; while unknown or on failure, none are shown. */
export function useAuthProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders });
}
