import type { CompareCheckLimitsRequest, CompareCheckLimitsResponse } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /compare/check-limits: each panel spends one unit; are `panels` left today? */
export async function checkCompareLimits(panels: number): Promise<CompareCheckLimitsResponse> {
  const body: CompareCheckLimitsRequest = { panels };
  const res = await http.post<unknown>('/compare/check-limits', body);
  return parseWire('CompareCheckLimitsResponse', res.data);
}
