import type { ModelInfo } from '@parallax/contract';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../auth';
import { useModels, useServerDefaultModel } from '../api/get-models';
import { useChatStorage } from '../store/chat-storage';

/**
 * The model the composer sends to: a project's default model until a model is picked here,
 * else the last choice (remembered), else the user's default model, else the admin's default
 * model, else the first available real model, else the offline demo model.
 */
export function useModelChoice(projectDefault: string | null = null) {
  const { data: models = [], isLoading, isError } = useModels();
  const lastModel = useChatStorage((s) => s.lastModel);
  const setLastModel = useChatStorage((s) => s.setLastModel);
  const { user } = useAuth();
  const serverDefault = useServerDefaultModel().data ?? null;
  const preferred = user?.preferences?.default_model ?? null;

  // A pick made in this composer outranks the project's default; a new project resets it.
  const [pickedHere, setPickedHere] = useState(false);
  useEffect(() => setPickedHere(false), [projectDefault]);

  const selected = useMemo<ModelInfo | null>(() => {
    const usable = models.filter((m) => m.available);
    return (
      (pickedHere ? undefined : usable.find((m) => m.id === projectDefault)) ??
      usable.find((m) => m.id === lastModel?.modelId) ??
      usable.find((m) => m.id === preferred) ??
      usable.find((m) => m.id === serverDefault) ??
      usable.find((m) => !m.is_demo) ??
      usable[0] ??
      null
    );
  }, [models, lastModel, preferred, serverDefault, projectDefault, pickedHere]);

  const select = (model: ModelInfo) => {
    if (!model.available) return;
    setPickedHere(true);
    setLastModel({ provider: model.provider, modelId: model.id });
  };

  return { models, selected, select, isLoading, isError };
}
