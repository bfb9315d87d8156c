import { http, parseWire } from '../../../lib/http';

/** POST /shares/{token}/continue: a copy of the shared chat in the caller's own chats; its id. */
export async function continueShare(token: string, panel: number): Promise<string> {
  const res = await http.post<unknown>(`/shares/${encodeURIComponent(token)}/continue`, { panel });
  return parseWire('ContinueShareResponse', res.data).conversation_id;
}
