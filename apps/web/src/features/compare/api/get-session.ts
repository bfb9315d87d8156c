import type { CompareSession } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** GET /compare/sessions/{id}: panels and every turn, as stored. */
export async function getSession(id: string): Promise<CompareSession> {
  const res = await http.get<unknown>(`/compare/sessions/${encodeURIComponent(id)}`);
  return parseWire('CompareSession', res.data);
}
