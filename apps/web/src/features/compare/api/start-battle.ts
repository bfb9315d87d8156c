import { type ArenaBattleRequest, type CompareSession, HTTP } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { eventTracker } from '../../../lib/telemetry/event-tracker';

/** allocate-id?allocate_comparison_id=true, then POST /compare/battles: two models, blind. */
export async function startBattle(): Promise<CompareSession> {
  const ids = await http.post<unknown>('/chat/messages/allocate-id', undefined, {
    params: { allocate_comparison_id: true },
    timeout: HTTP.allocateIdTimeoutMs,
  });
  const comparisonId = parseWire('AllocateIdResponse', ids.data).comparison_id;
  const body: ArenaBattleRequest = comparisonId ? { comparison_id: comparisonId } : {};
  const res = await http.post<unknown>('/compare/battles', body);
  eventTracker.track('compare_started', { panels: 2, blind: true });
  return parseWire('CompareSession', res.data);
}
