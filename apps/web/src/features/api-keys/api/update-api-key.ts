import type { ApiKey, RenameApiKeyRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** PATCH /api-keys/{id}: rename. */
export async function renameApiKey(id: string, name: string): Promise<ApiKey> {
  const body: RenameApiKeyRequest = { name };
  const res = await http.patch<unknown>(`/api-keys/${encodeURIComponent(id)}`, body);
  return parseWire('ApiKey', res.data);
}

/** POST /api-keys/{id}/revoke: refused by the API from now on. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  const res = await http.post<unknown>(`/api-keys/${encodeURIComponent(id)}/revoke`);
  return parseWire('ApiKey', res.data);
}
