import type { AuthSession } from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export const sessionsKey = ['auth', 'sessions'] as const;

/** GET /auth/sessions: the account's signed-in sessions, the most recently active first. */
export async function listSessions(): Promise<AuthSession[]> {
  const res = await http.get<unknown>('/auth/sessions');
  return parseWire('AuthSessionListResponse', res.data).sessions;
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: listSessions });
}

/** DELETE /auth/sessions/{id}: that device's next call is refused. */
export async function signOutSession(id: string): Promise<void> {
  await http.delete<unknown>(`/auth/sessions/${encodeURIComponent(id)}`);
}

export function useSignOutSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
