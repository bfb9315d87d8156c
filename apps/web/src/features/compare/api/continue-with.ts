import type { CompareContinueRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /compare/sessions/{id}/continue: the panel's thread as a regular chat; its id. */
export async function continueWith(sessionId: string, panel: number): Promise<string> {
  const body: CompareContinueRequest = { panel };
  const res = await http.post<unknown>(
    `/compare/sessions/${encodeURIComponent(sessionId)}/continue`,
    body,
  );
  return parseWire('CompareContinueResponse', res.data).conversation_id;
}
