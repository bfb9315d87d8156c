import type { CreatePresetRequest, Preset, UpdatePresetRequest } from '@parallax/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { presetsKey } from './chat-settings-keys';

/** POST /presets. */
export async function createPreset(body: CreatePresetRequest): Promise<Preset> {
  const res = await http.post<unknown>('/presets', body);
  return parseWire('Preset', res.data);
}

/** PATCH /presets/{id}: rename, or make it (or no longer) the default. */
export async function updatePreset(id: string, changes: UpdatePresetRequest): Promise<Preset> {
  const res = await http.patch<unknown>(`/presets/${encodeURIComponent(id)}`, changes);
  return parseWire('Preset', res.data);
}

/** DELETE /presets/{id}. */
export async function deletePreset(id: string): Promise<void> {
  await http.delete<unknown>(`/presets/${encodeURIComponent(id)}`);
}

/** The three changes to presets, each refreshing the list after it. */
export function usePresetMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: presetsKey });
  return {
    create: useMutation({ mutationFn: createPreset, onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: UpdatePresetRequest }) =>
        updatePreset(id, changes),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: deletePreset, onSuccess: refresh }),
  };
}
