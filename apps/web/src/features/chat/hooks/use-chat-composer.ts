import type { ChatMcpChoice, ChatSettings, ModelInfo } from '@parallax/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Prompt } from '../model/ui-message';
import { send } from '../session/chat-actions';
import { setDraftOf, takeHandedDraft, useComposerDrafts } from '../session/composer-drafts';
import type { SendOutcome } from '../session/send-flow';
import { useModelChoice } from './use-model-choice';

/** The project a new chat starts in: its id, and the model its chats start on. */
export interface ComposerProject {
  id: string;
  defaultModel: string | null;
}

/** Draft text (kept per thread), files and model of a composer, and sending them into a thread. */
export function useChatComposer(
  threadKey: string,
  conversationId: string | null,
  project: ComposerProject | null = null,
  /** A new chat's settings, carried by its first send (null: none). */
  newChatSettings: ChatSettings | null = null,
  /** The chat's Web search toggle: every send says whether it is on. */
  webSearch = false,
  /** The chat's MCP servers and tools (absent: the composer offers none, the send says none). */
  mcp?: ChatMcpChoice,
) {
  const draft = useComposerDrafts((s) => s.drafts[threadKey] ?? '');
  const setDraft = useCallback((text: string) => setDraftOf(threadKey, text), [threadKey]);
  // In the commit that shows this box, so no keystroke falls between the old box and this one.
  useLayoutEffect(() => takeHandedDraft(threadKey), [threadKey]);
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const modelChoice = useModelChoice(project?.defaultModel ?? null, conversationId);

  // A send pressed while the model list is still loading waits for it instead of doing nothing.
  const modelWaiters = useRef<((model: ModelInfo | null) => void)[]>([]);
  const modelSettled = !modelChoice.isLoading;
  useEffect(() => {
    if (!modelSettled && !modelChoice.selected) return;
    const waiters = modelWaiters.current.splice(0);
    for (const resolve of waiters) resolve(modelChoice.selected);
  }, [modelSettled, modelChoice.selected]);
  const modelReady = (): Promise<ModelInfo | null> =>
    modelChoice.selected || modelSettled
      ? Promise.resolve(modelChoice.selected)
      : new Promise((resolve) => modelWaiters.current.push(resolve));

  const promptWith = (model: ModelInfo | null, content: string): Prompt | null =>
    model
      ? {
          content,
          conversationId,
          projectId: project?.id ?? null,
          provider: model.provider,
          model: model.id,
          ...(conversationId === null && newChatSettings ? { chatSettings: newChatSettings } : {}),
          webSearch,
          ...(mcp && { mcp }),
        }
      : null;
  // Stable across renders: the thread takes it (edit and resend), and a keystroke re-renders
  // this composer but must not re-render the thread.
  const latest = useRef((content: string) => promptWith(modelChoice.selected, content));
  useLayoutEffect(() => {
    latest.current = (content) => promptWith(modelChoice.selected, content);
  });
  const promptFor = useCallback((content: string): Prompt | null => latest.current(content), []);

  const submit = async (): Promise<SendOutcome | null> => {
    if (sending) return null;
    const text = draft;
    setSending(true);
    const prompt = promptWith(await modelReady(), text);
    if (!prompt) {
      setSending(false);
      return null;
    }
    const outgoingFiles = files;
    // The message shows in the list at once; the box is free for the next one.
    setDraft('');
    setFiles([]);
    try {
      const outcome = await send({ threadKey, prompt, files: outgoingFiles });
      if (outcome.kind === 'blocked' || outcome.kind === 'unsent' || outcome.kind === 'invalid') {
        // Nothing went out: give the text back.
        setDraft(prompt.content);
        setFiles(outgoingFiles);
      }
      return outcome;
    } finally {
      setSending(false);
    }
  };

  return { draft, setDraft, files, setFiles, sending, submit, promptFor, modelChoice };
}
