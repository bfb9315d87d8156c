import type { ModelInfo } from '@parallax/contract';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../auth';
import { useModels, useServerDefaultModel } from '../api/get-models';
import { useChatSession } from '../session/chat-session-store';
import { useChatStorage } from '../store/chat-storage';

/** The model of a chat's latest turn on screen, if any. */
function latestTurnModel(conversationId: string | null) {
  return (state: ReturnType<typeof useChatSession.getState>): string | null => {
    if (!conversationId) return null;
    const messages = state.threads[conversationId]?.messages ?? [];
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const model = messages[i]?.model;
      if (model) return model;
    }
    return null;
  };
}

/**
 * The model the composer sends to. In a chat: the model picked in that chat, else its latest
 * turn's model, so a reopened chat carries on with its own model. Then (a new chat): a project's
 * default model until a model is picked here, else the last choice (remembered), else the user's
 * default model, else the admin's default model, else the first available real model, else the
 * offline demo model.
 */
export function useModelChoice(
  projectDefault: string | null = null,
  conversationId: string | null = null,
) {
  const { data: models = [], isLoading, isError } = useModels();
  const lastModel = useChatStorage((s) => s.lastModel);
  const chatPick = useChatStorage((s) =>
    conversationId ? (s.chatModels[conversationId]?.modelId ?? null) : null,
  );
  const setLastModel = useChatStorage((s) => s.setLastModel);
  const setChatModel = useChatStorage((s) => s.setChatModel);
  const chatModel = useChatSession(latestTurnModel(conversationId));
  const { user } = useAuth();
  const serverDefault = useServerDefaultModel().data ?? null;
  const preferred = user?.preferences?.default_model ?? null;

  // A pick made in this composer outranks the project's default; a new project resets it.
  const [pickedHere, setPickedHere] = useState(false);
  useEffect(() => setPickedHere(false), [projectDefault]);

  const selected = useMemo<ModelInfo | null>(() => {
    const usable = models.filter((m) => m.available);
    return (
      usable.find((m) => m.id === chatPick) ??
      usable.find((m) => m.id === chatModel) ??
      (pickedHere ? undefined : usable.find((m) => m.id === projectDefault)) ??
      usable.find((m) => m.id === lastModel?.modelId) ??
      usable.find((m) => m.id === preferred) ??
      usable.find((m) => m.id === serverDefault) ??
      usable.find((m) => !m.is_demo) ??
      usable[0] ??
      null
    );
  }, [
    models,
    chatPick,
    chatModel,
    lastModel,
    preferred,
    serverDefault,
    projectDefault,
    pickedHere,
  ]);

  const select = (model: ModelInfo) => {
    if (!model.available) return;
    setPickedHere(true);
    const choice = { provider: model.provider, modelId: model.id };
    if (conversationId) setChatModel(conversationId, choice);
    // The home page starts new chats on the user's last pick, wherever it was made.
    setLastModel(choice);
  };

  return { models, selected, select, isLoading, isError };
}
