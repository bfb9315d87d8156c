import type { CreateShareRequest, Share, UpdateShareRequest } from '@parallax/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { sharesKey } from './shares-key';

/** POST /shares: creates the link, or refreshes the one the chat has (same address). */
export async function createShare(body: CreateShareRequest): Promise<Share> {
  const res = await http.post<unknown>('/shares', body);
  return parseWire('Share', res.data);
}

/** PUT /shares/{id}: new options, and the snapshot taken again from the chat as it is now. */
export async function updateShare(id: string, body: UpdateShareRequest): Promise<Share> {
  const res = await http.put<unknown>(`/shares/${encodeURIComponent(id)}`, body);
  return parseWire('Share', res.data);
}

export function useSaveShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateShareRequest }) => {
      if (input.id === null) return createShare(input.body);
      const { kind: _kind, source_id: _source, ...options } = input.body;
      return updateShare(input.id, options);
    },
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey }),
  });
}
