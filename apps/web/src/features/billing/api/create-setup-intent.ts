import type { SetupIntentResponse } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /billing/subscription/setup-intent: the card form's inputs for a new card on file. */
export async function createSetupIntent(): Promise<SetupIntentResponse> {
  const res = await http.post<unknown>('/billing/subscription/setup-intent');
  return parseWire('SetupIntentResponse', res.data);
}
