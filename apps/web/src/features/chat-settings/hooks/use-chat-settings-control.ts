import {
  EMPTY_CHAT_SETTINGS,
  type ChatSettings,
  type ModelInfo,
  type Preset,
} from '@parallax/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useChatSettings } from '../api/get-chat-settings';
import { usePresets } from '../api/list-presets';
import { usePutChatSettings } from '../api/put-chat-settings';
import { useNewChatSettings } from '../model/new-chat-settings';

/** What the composer's model choice offers (chat's useModelChoice). */
interface ModelChoice {
  models: readonly ModelInfo[];
  select: (model: ModelInfo) => void;
}

function modelOf(models: readonly ModelInfo[], preset: Preset): ModelInfo | undefined {
  if (preset.model === null) return undefined;
  return models.find((m) => m.id === preset.model && m.available);
}

/**
 * A chat's settings as the screen uses them: a stored chat's from the server (saved at once),
 * a new chat's held until its first send carries them (a default preset fills them first).
 * Picking a preset sets the chat's model and settings together.
 */
export function useChatSettingsControl(
  conversationId: string | null,
  modelChoice: ModelChoice,
  signedIn: boolean,
  /** False where a chat keeps no settings (the vault): nothing is read or applied. */
  enabled = true,
) {
  const stored = useChatSettings(enabled ? conversationId : null);
  const put = usePutChatSettings(conversationId);
  const pending = useNewChatSettings();
  const presets = usePresets(signedIn && enabled).data;
  const isNew = conversationId === null;
  const settings: ChatSettings = isNew
    ? (pending.settings ?? EMPTY_CHAT_SETTINGS)
    : (stored.data ?? EMPTY_CHAT_SETTINGS);

  const save = useCallback(
    async (next: ChatSettings, presetId: string | null = null) => {
      if (conversationId === null) useNewChatSettings.getState().choose(next, presetId);
      else await put.mutateAsync(next);
    },
    [conversationId, put],
  );

  const { models, select } = modelChoice;
  const pickPreset = useCallback(
    (preset: Preset) => {
      const model = modelOf(models, preset);
      if (model) select(model);
      void save(preset.settings, preset.id);
    },
    [models, select, save],
  );

  // A new chat nobody has set starts from the default preset, its model included (once).
  const defaulted = useRef<string | null>(null);
  const fallback = presets?.find((p) => p.is_default);
  useEffect(() => {
    if (!enabled || !isNew || !fallback || pending.chosen || defaulted.current === fallback.id)
      return;
    if (models.length === 0) return;
    defaulted.current = fallback.id;
    useNewChatSettings.getState().applyDefault(fallback.settings, fallback.id);
    const model = modelOf(models, fallback);
    if (model) select(model);
  }, [enabled, isNew, fallback, pending.chosen, models, select]);

  return {
    settings,
    loading: !isNew && stored.isLoading,
    save,
    pickPreset,
    presetId: isNew ? pending.presetId : null,
    /** What a new chat's first send carries. */
    newChatSettings: isNew ? pending.settings : null,
  };
}
