import { type CompareSession, HTTP } from '@parallax/contract';
import { http } from '../../../lib/http';
import { parseWire } from '../../auth';

/** allocate-id?allocate_comparison_id=true, then POST /compare/sessions with that id. */
export async function createSession(models: readonly string[], blind: boolean): Promise<CompareSession> {
  const ids = await http.post<unknown>('/chat/messages/allocate-id', undefined, {
    params: { allocate_comparison_id: true },
    timeout: HTTP.allocateIdTimeoutMs,
  });
  const comparisonId = parseWire('AllocateIdResponse', ids.data).comparison_id;
  const res = await http.post<unknown>('/compare/sessions', {
    ...(comparisonId ? { comparison_id: comparisonId } : {}),
    models,
    blind,
  });
  return parseWire('CompareSession', res.data);
}
