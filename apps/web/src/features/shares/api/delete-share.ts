import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { sharesKey } from './shares-key';

/** DELETE /shares/{id}: the link answers 404 from then on. */
export async function deleteShare(id: string): Promise<void> {
  await http.delete<unknown>(`/shares/${encodeURIComponent(id)}`);
}

export function useDeleteShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteShare,
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey }),
  });
}
