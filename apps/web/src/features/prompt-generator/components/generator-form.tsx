import { PROMPT_GENERATOR_ID } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { WandSparkles } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Input, Textarea } from '../../../ui/input';
import {
  ModelPicker,
  renameThread,
  sendChatTurn,
  useChatSession,
  useModelChoice,
} from '../../chat';
import { generatorSessionsKey } from '../api/generator-keys';
import { composeRequest, EMPTY_FORM, type GeneratorForm } from '../model/generator-request';

const FIELD_LABEL = 'mb-1.5 block text-sm font-medium';

/**
 * The start of a session: goal, audience, output format and constraints, and the model that
 * writes the prompt. The send creates a prompt generator conversation; the screen then shows it.
 */
export function GeneratorFormCard({ onStarted }: { onStarted: (sessionId: string) => void }) {
  const [form, setForm] = useState<GeneratorForm>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [goalMissing, setGoalMissing] = useState(false);
  const attempt = useRef(0);
  const { models, selected, select, isLoading } = useModelChoice();
  const queryClient = useQueryClient();
  const id = useId();

  const field = (key: keyof GeneratorForm) => ({
    id: `${id}-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.goal.trim()) {
      setGoalMissing(true);
      document.getElementById(`${id}-goal`)?.focus();
      return;
    }
    if (!selected) return;
    setBusy(true);
    setError(null);
    // A thread of its own per attempt: a failed one stays behind, never mixed into the next.
    attempt.current += 1;
    const threadKey = `prompt-generator:new:${attempt.current}`;
    try {
      const outcome = await sendChatTurn({
        threadKey,
        prompt: {
          content: composeRequest(form),
          conversationId: null,
          promptGeneratorId: PROMPT_GENERATOR_ID,
          provider: selected.provider,
          model: selected.id,
        },
      });
      if (outcome.kind === 'sent') {
        renameThread(threadKey, outcome.conversationId);
        void queryClient.invalidateQueries({ queryKey: generatorSessionsKey });
        onStarted(outcome.conversationId);
      } else if (outcome.kind === 'failed') {
        const failed = useChatSession.getState().threads[threadKey]?.messages.at(-1);
        setError(failed?.error ?? 'The prompt could not be generated. Try again.');
      } else if (outcome.kind === 'invalid') {
        setError(outcome.error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Describe the prompt you need"
      className="space-y-4 rounded-2xl border border-line bg-surface p-4 shadow-soft sm:p-6"
    >
      <div>
        <label htmlFor={`${id}-goal`} className={FIELD_LABEL}>
          Goal <span className="text-fg-muted">(required)</span>
        </label>
        <Textarea
          {...field('goal')}
          rows={3}
          placeholder="What should the AI do? e.g. Explain how vaccines work"
          aria-invalid={goalMissing && !form.goal.trim() ? true : undefined}
          aria-describedby={`${id}-goal-error`}
        />
        <FieldError
          id={`${id}-goal-error`}
          message={goalMissing && !form.goal.trim() ? 'Goal: say what the prompt is for.' : null}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-audience`} className={FIELD_LABEL}>
            Audience
          </label>
          <Input {...field('audience')} placeholder="e.g. Secondary school pupils" />
        </div>
        <div>
          <label htmlFor={`${id}-outputFormat`} className={FIELD_LABEL}>
            Output format
          </label>
          <Input {...field('outputFormat')} placeholder="e.g. A one-page handout with headings" />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-constraints`} className={FIELD_LABEL}>
          Constraints
        </label>
        <Textarea
          {...field('constraints')}
          rows={2}
          placeholder="e.g. Under 300 words, no jargon, cite sources"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ModelPicker models={models} selected={selected} onSelect={select} isLoading={isLoading} />
        <Button type="submit" disabled={busy || !selected}>
          <WandSparkles className="size-4" aria-hidden />
          {busy ? 'Generating…' : 'Generate prompt'}
        </Button>
      </div>
    </form>
  );
}
