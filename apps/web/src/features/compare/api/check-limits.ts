import type { CompareCheckLimitsResponse } from '@parallax/contract';
import { http } from '../../../lib/http';
import { parseWire } from '../../auth';

/** POST /compare/check-limits: each panel spends one unit; are `panels` left today? */
export async function checkCompareLimits(panels: number): Promise<CompareCheckLimitsResponse> {
  const res = await http.post<unknown>('/compare/check-limits', { panels });
  return parseWire('CompareCheckLimitsResponse', res.data);
}
