import type { CompareSession, CompareVoteChoice, CompareVoteRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { eventTracker } from '../../../lib/telemetry/event-tracker';

/** POST /compare/sessions/{id}/votes: the best panel, 'tie' or 'all_bad' for one turn. */
export async function vote(
  sessionId: string,
  turnIndex: number,
  winner: CompareVoteChoice,
): Promise<CompareSession> {
  const body: CompareVoteRequest = { turn_index: turnIndex, winner };
  const res = await http.post<unknown>(
    `/compare/sessions/${encodeURIComponent(sessionId)}/votes`,
    body,
  );
  eventTracker.track('vote', { winner: typeof winner === 'number' ? 'panel' : winner });
  return parseWire('CompareSession', res.data);
}
