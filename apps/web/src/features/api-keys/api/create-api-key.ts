import type { CreateApiKeyRequest, CreatedApiKey } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /api-keys: the answer holds the secret, the only time it is ever sent. */
export async function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const res = await http.post<unknown>('/api-keys', body);
  return parseWire('CreatedApiKey', res.data);
}
