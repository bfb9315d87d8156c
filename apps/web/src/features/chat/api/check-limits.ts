import type { LimitsResponse, CheckLimitsRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders } from './chat-headers';

/** POST /chat/check-limits: may this caller send one more message to this model? */
export async function checkLimits(input: CheckLimitsRequest): Promise<LimitsResponse> {
  const res = await http.post<unknown>('/chat/check-limits', input, { headers: chatHeaders() });
  return parseWire('LimitsResponse', res.data);
}
