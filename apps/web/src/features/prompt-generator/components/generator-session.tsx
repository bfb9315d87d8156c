import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { GitCompareArrows, Square, WandSparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import {
  loadThread,
  ModelPicker,
  sendChatTurn,
  stopChatAnswer,
  useChatSession,
  useModelChoice,
} from '../../chat';
import { generatorSessionsKey } from '../api/generator-keys';
import { sessionTitle } from '../model/generator-request';
import { isStreaming, promptVersions } from '../model/prompt-versions';
import { RefineBox } from './refine-box';
import { VersionActions } from './version-actions';
import { VersionDiff } from './version-diff';
import { VersionPicker } from './version-picker';

/** One generator session: its versions (streaming in), refinements, a diff, and actions. */
export function GeneratorSession({ sessionId }: { sessionId: string }) {
  const thread = useChatSession((s) => s.threads[sessionId]);
  const { models, selected: model, select, isLoading } = useModelChoice(null, sessionId);
  const queryClient = useQueryClient();
  const versions = promptVersions(thread?.messages ?? []);
  const latest = versions.at(-1);
  const [shown, setShown] = useState<number | null>(null);
  const [comparing, setComparing] = useState(false);
  const [from, setFrom] = useState<number | null>(null);

  useEffect(() => {
    void loadThread(sessionId);
  }, [sessionId]);

  // A new version is shown as it streams in; the list learns the session's title once it ends.
  const latestNumber = latest?.number ?? 0;
  const latestDone = latest ? !isStreaming(latest.message) : false;
  useEffect(() => setShown(null), [latestNumber]);
  useEffect(() => {
    if (latestDone) void queryClient.invalidateQueries({ queryKey: generatorSessionsKey });
  }, [latestDone, queryClient]);

  if (!thread || (thread.state === 'loading' && versions.length === 0))
    return (
      <div aria-busy="true" aria-label="Loading the session" className="space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    );
  if (thread.state === 'error')
    return (
      <EmptyState
        icon={WandSparkles}
        title="This session could not be opened"
        description={thread.error ?? undefined}
        action={
          <button
            type="button"
            className={buttonClasses('outline')}
            onClick={() => void loadThread(sessionId)}
          >
            Try again
          </button>
        }
      />
    );

  const current = versions.find((v) => v.number === shown) ?? latest;
  const busy = latest ? isStreaming(latest.message) : false;
  const title =
    thread.title && thread.title !== CONVERSATION_DEFAULT_TITLE
      ? sessionTitle(thread.title)
      : 'Generated prompt';
  // Compared with the version chosen, else the one before it (the one after, for the first).
  const shownNumber = current?.number ?? 1;
  const before = versions.find(
    (v) => v.number === (from ?? (shownNumber > 1 ? shownNumber - 1 : shownNumber + 1)),
  );

  const refine = async (text: string) => {
    if (!model || busy) return false;
    const outcome = await sendChatTurn({
      threadKey: sessionId,
      prompt: {
        content: text,
        conversationId: sessionId,
        provider: model.provider,
        model: model.id,
      },
    });
    return outcome.kind === 'sent';
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="min-w-0 text-lg font-semibold break-words">{title}</h2>
        <ModelPicker models={models} selected={model} onSelect={select} isLoading={isLoading} />
      </div>
      {versions[0] && (
        <details className="rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium">Your request</summary>
          <p className="mt-2 break-words whitespace-pre-wrap text-fg-muted">
            {versions[0].request}
          </p>
        </details>
      )}
      {versions.length > 0 && current && (
        <div className="flex flex-wrap items-center gap-2">
          <VersionPicker
            versions={versions}
            current={current.number}
            onPick={(n) => {
              setShown(n);
              setFrom(null);
            }}
          />
          <Button
            size="sm"
            variant={comparing ? 'secondary' : 'ghost'}
            aria-pressed={comparing}
            disabled={versions.length < 2}
            onClick={() => setComparing(!comparing)}
            className="ml-auto"
          >
            <GitCompareArrows className="size-4" aria-hidden /> Compare versions
          </Button>
        </div>
      )}

      {current &&
        (comparing && versions.length > 1 ? (
          <div className="space-y-2">
            <label className="flex flex-wrap items-center gap-2 text-sm">
              Compare version {current.number} with
              <select
                value={before?.number ?? ''}
                onChange={(e) => setFrom(Number(e.target.value))}
                className="h-8 rounded-lg border border-line bg-surface px-2 text-sm"
              >
                {versions
                  .filter((v) => v.number !== current.number)
                  .map((v) => (
                    <option key={v.number} value={v.number}>
                      Version {v.number}
                    </option>
                  ))}
              </select>
            </label>
            {before && (
              <VersionDiff
                before={before.number < current.number ? before : current}
                after={before.number < current.number ? current : before}
              />
            )}
          </div>
        ) : (
          <article
            aria-label={`Version ${current.number}`}
            aria-busy={isStreaming(current.message)}
            className="space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-soft"
          >
            {isStreaming(current.message) ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void stopChatAnswer(current.message)}
              >
                <Square className="size-3.5" aria-hidden /> Stop
              </Button>
            ) : (
              current.message.status !== 'error' &&
              current.text !== '' && <VersionActions version={current} sessionTitle={title} />
            )}
            {current.number > 1 && (
              <p className="text-xs text-fg-muted">
                Asked: <span className="break-words">{current.request}</span>
              </p>
            )}
            {current.message.status === 'error' ? (
              <>
                {current.text && (
                  <pre className="max-h-[36rem] overflow-auto font-sans text-sm leading-relaxed break-words whitespace-pre-wrap">
                    {current.text}
                  </pre>
                )}
                <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {current.message.error}
                </p>
              </>
            ) : current.text === '' && isStreaming(current.message) ? (
              <p className="text-sm text-fg-muted" role="status">
                Writing your prompt…
              </p>
            ) : (
              <pre
                tabIndex={0}
                className="max-h-[36rem] overflow-auto font-sans text-sm leading-relaxed break-words whitespace-pre-wrap"
              >
                {current.text}
              </pre>
            )}
          </article>
        ))}
      <RefineBox disabled={busy || !model} onRefine={refine} />
    </div>
  );
}
