import { http } from '../../../lib/http';
import { parseWire } from '../../auth';

/** POST /compare/sessions/{id}/continue: the panel's thread as a regular chat; its id. */
export async function continueWith(sessionId: string, panel: number): Promise<string> {
  const res = await http.post<unknown>(`/compare/sessions/${encodeURIComponent(sessionId)}/continue`, { panel });
  return parseWire('CompareContinueResponse', res.data).conversation_id;
}
