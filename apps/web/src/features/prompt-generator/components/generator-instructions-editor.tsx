import { PROMPT_GENERATOR_LIMITS, type GeneratorInstructionsVersion } from '@parallax/contract';
import { History, WandSparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Textarea } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useGeneratorInstructions } from '../api/get-instructions';
import { useSaveGeneratorInstructions } from '../api/save-instructions';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The prompt generator's instructions for admins: the current version, an editor whose save
 * makes the next version, and the earlier versions to view or restore (a restore is a save of
 * that text, so nothing is ever lost). Self-contained: it loads and saves on its own.
 */
export function GeneratorInstructionsEditor() {
  const instructions = useGeneratorInstructions();
  const save = useSaveGeneratorInstructions();
  const current = instructions.data?.current;
  const [draft, setDraft] = useState('');
  const [viewing, setViewing] = useState<GeneratorInstructionsVersion | null>(null);
  const errorId = useId();
  const fieldId = useId();

  // A newly loaded or saved current version replaces the editor's text.
  useEffect(() => {
    if (current) setDraft(current.body);
  }, [current]);

  if (instructions.isPending)
    return (
      <div aria-busy="true" aria-label="Loading the generator's instructions" className="space-y-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  if (instructions.isError)
    return (
      <LoadFailed
        icon={WandSparkles}
        title="The generator's instructions could not be loaded"
        error={instructions.error}
        onRetry={() => void instructions.refetch()}
      />
    );

  const { versions } = instructions.data;
  const trimmed = draft.trim();
  const tooLong = draft.length > PROMPT_GENERATOR_LIMITS.instructionsMaxChars;
  const unchanged = trimmed === current?.body.trim();
  const saveError = save.error?.message ?? null;

  return (
    <section aria-labelledby={`${fieldId}-title`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${fieldId}-title`} className="text-lg font-semibold">
          Prompt generator instructions
        </h2>
        {current && (
          <p className="text-sm text-fg-muted">
            Version {current.version} · saved {when(current.created_at)}
            {current.created_by ? ` by ${current.created_by}` : ' (shipped)'}
          </p>
        )}
      </div>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed || tooLong || unchanged) return;
          save.mutate({ body: draft });
        }}
      >
        <label htmlFor={fieldId} className="text-sm font-medium">
          Instructions every generation starts from
        </label>
        <Textarea
          id={fieldId}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          rows={14}
          className="font-mono text-xs"
          aria-invalid={tooLong || !trimmed || undefined}
          aria-describedby={errorId}
        />
        <FieldError
          id={errorId}
          message={
            !trimmed
              ? 'The instructions cannot be empty.'
              : tooLong
                ? `At most ${PROMPT_GENERATOR_LIMITS.instructionsMaxChars} characters (now ${draft.length}).`
                : saveError
          }
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={!trimmed || tooLong || unchanged || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save as a new version'}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={unchanged || save.isPending}
            onClick={() => current && setDraft(current.body)}
          >
            Discard changes
          </Button>
          {save.isSuccess && unchanged && (
            <p role="status" className="text-sm text-fg-muted">
              Saved as version {current?.version}.
            </p>
          )}
        </div>
      </form>

      <div>
        <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
          <History className="size-4" aria-hidden /> Versions
        </h3>
        <ul className="divide-y divide-line rounded-xl border border-line">
          {versions.map((v) => (
            <li key={v.version} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="font-medium">Version {v.version}</span>
              {v.version === current?.version && (
                <span className="rounded-full bg-surface-2 px-2 text-xs text-fg-muted">
                  current
                </span>
              )}
              <span className="min-w-0 flex-1 truncate text-fg-muted">
                {when(v.created_at)}
                {v.created_by ? ` · ${v.created_by}` : ''}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-pressed={viewing?.version === v.version}
                onClick={() => setViewing(viewing?.version === v.version ? null : v)}
              >
                {viewing?.version === v.version ? 'Hide' : 'View'}
              </Button>
              {v.version !== current?.version && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ body: v.body })}
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ul>
        {viewing && (
          <pre
            aria-label={`Version ${viewing.version}`}
            className="mt-2 max-h-80 overflow-auto rounded-xl border border-line bg-surface-2 p-3 text-xs whitespace-pre-wrap"
          >
            {viewing.body}
          </pre>
        )}
      </div>
    </section>
  );
}
