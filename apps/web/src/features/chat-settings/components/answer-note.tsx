import type { ChatSettings } from '@parallax/contract';
import { Info } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useModels, type UiMessage } from '../../chat';
import { parameterNotes } from '../model/parameter-notes';

/** Settings the answer's model did not take, said on the answer. */
export function AnswerNote({ notes }: { notes: readonly string[] }) {
  return (
    <p className="mb-2 flex items-start gap-1.5 text-xs text-fg-muted" data-testid="parameter-note">
      <Info className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>{notes.join('. ')}.</span>
    </p>
  );
}

/**
 * The note on an answer whose model did not take some of the chat's settings; the function is
 * stable while they and the catalogue stay the same, so bubbles are not redrawn per token.
 */
export function useAnswerNote(settings: ChatSettings): (message: UiMessage) => ReactNode {
  const models = useModels().data;
  return useMemo(() => {
    const byId = new Map((models ?? []).map((m) => [m.id, m]));
    return function answerNote(message: UiMessage) {
      const model = message.model ? byId.get(message.model) : undefined;
      if (!model) return null;
      const notes = parameterNotes(settings, model);
      return notes.length === 0 ? null : <AnswerNote notes={notes} />;
    };
  }, [models, settings]);
}
