import { type CompareSession, type CreateCompareSessionRequest, HTTP } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { eventTracker } from '../../../lib/telemetry/event-tracker';

/** allocate-id?allocate_comparison_id=true, then POST /compare/sessions with that id. */
export async function createSession(
  models: readonly string[],
  blind: boolean,
): Promise<CompareSession> {
  const ids = await http.post<unknown>('/chat/messages/allocate-id', undefined, {
    params: { allocate_comparison_id: true },
    timeout: HTTP.allocateIdTimeoutMs,
  });
  const comparisonId = parseWire('AllocateIdResponse', ids.data).comparison_id;
  const body: CreateCompareSessionRequest = {
    ...(comparisonId ? { comparison_id: comparisonId } : {}),
    models: [...models],
    blind,
  };
  const res = await http.post<unknown>('/compare/sessions', body);
  eventTracker.track('compare_started', { panels: models.length, blind });
  return parseWire('CompareSession', res.data);
}
