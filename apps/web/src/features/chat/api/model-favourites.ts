import type { ModelFavouritesResponse } from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';
import { useModelPicks } from '../store/model-picks-store';

const favouritesKey = ['models', 'favourites'] as const;

/** GET /models/favourites: the account's starred models, newest first. */
export async function getModelFavourites(): Promise<string[]> {
  const res = await http.get<unknown>('/models/favourites');
  return parseWire('ModelFavouritesResponse', res.data).model_ids;
}

/** PUT (star) or DELETE (unstar) /models/favourites/{id}; answers the list after it. */
export async function setModelFavourite(modelId: string, starred: boolean): Promise<string[]> {
  const path = `/models/favourites/${encodeURIComponent(modelId)}`;
  const res = starred ? await http.put<unknown>(path, {}) : await http.delete<unknown>(path);
  return parseWire('ModelFavouritesResponse', res.data).model_ids;
}

/**
 * The caller's favourite models and a toggle: on the server for an account, in this browser
 * for a guest (a visitor id is no account to keep them with).
 */
export function useModelFavourites(): { ids: string[]; toggle: (modelId: string) => void } {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const guest = useModelPicks((s) => s.guestFavourites);
  const toggleGuest = useModelPicks((s) => s.toggleGuestFavourite);
  const query = useQuery({
    queryKey: favouritesKey,
    queryFn: getModelFavourites,
    enabled: isAuthenticated,
  });
  const mutation = useMutation({
    mutationFn: ({ modelId, starred }: { modelId: string; starred: boolean }) =>
      setModelFavourite(modelId, starred),
    // Shown at once; the server's answer (or a re-read after a failure) settles it.
    onMutate: ({ modelId, starred }) => {
      queryClient.setQueryData<ModelFavouritesResponse['model_ids']>(favouritesKey, (ids = []) =>
        starred
          ? [modelId, ...ids.filter((id) => id !== modelId)]
          : ids.filter((id) => id !== modelId),
      );
    },
    onSuccess: (ids) => queryClient.setQueryData(favouritesKey, ids),
    onError: () => void queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });
  if (!isAuthenticated) return { ids: guest, toggle: toggleGuest };
  const ids = query.data ?? [];
  return {
    ids,
    toggle: (modelId) => mutation.mutate({ modelId, starred: !ids.includes(modelId) }),
  };
}
