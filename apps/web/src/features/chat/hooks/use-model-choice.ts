import type { ModelInfo } from '@parallax/contract';
import { useMemo } from 'react';
import { useAuth } from '../../auth';
import { useModels } from '../api/get-models';
import { useChatStorage } from '../store/chat-storage';

/**
 * The model the composer sends to: the last choice (remembered), else the user's default
 * model, else the first available real model, else the offline demo model.
 */
export function useModelChoice() {
  const { data: models = [], isLoading, isError } = useModels();
  const lastModel = useChatStorage((s) => s.lastModel);
  const setLastModel = useChatStorage((s) => s.setLastModel);
  const { user } = useAuth();
  const preferred = user?.preferences?.default_model ?? null;

  const selected = useMemo<ModelInfo | null>(() => {
    const usable = models.filter((m) => m.available);
    return (
      usable.find((m) => m.id === lastModel?.modelId) ??
      usable.find((m) => m.id === preferred) ??
      usable.find((m) => !m.is_demo) ??
      usable[0] ??
      null
    );
  }, [models, lastModel, preferred]);

  const select = (model: ModelInfo) => {
    if (model.available) setLastModel({ provider: model.provider, modelId: model.id });
  };

  return { models, selected, select, isLoading, isError };
}
