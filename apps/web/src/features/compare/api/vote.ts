import type { CompareSession, CompareVoteChoice } from '@parallax/contract';
import { http } from '../../../lib/http';
import { parseWire } from '../../auth';

/** POST /compare/sessions/{id}/votes: the best panel, 'tie' or 'all_bad' for one turn. */
export async function vote(sessionId: string, turnIndex: number, winner: CompareVoteChoice): Promise<CompareSession> {
  const res = await http.post<unknown>(`/compare/sessions/${encodeURIComponent(sessionId)}/votes`, {
    turn_index: turnIndex,
    winner,
  });
  return parseWire('CompareSession', res.data);
}
