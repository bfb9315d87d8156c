import type { CompareAnswer, ComparePanel as Panel } from '@parallax/contract';
import { forwardRef, memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Markdown } from '../../../lib/markdown';
import { Button } from '../../../ui/button';
import { formatCost } from '../../../lib/format-numbers';
import { VirtualThread } from '../../../ui/virtual-thread';
import { MessageCitations, ToolCallRows } from '../../chat';
import { isRunning, metricsOf, type LiveAnswer, type LiveStatus } from '../model/live-answer';
import { useLiveAnswers } from '../store/live-answers';

export interface PanelTurn {
  index: number;
  prompt: string;
  answer: CompareAnswer | undefined;
  /** Set while a just-sent answer is not stored yet. */
  pendingMessageId?: string;
}

interface ComparePanelProps {
  panel: Panel;
  turns: PanelTurn[];
  onStop: (messageId: string) => void;
  onRetry: (answer: CompareAnswer, prompt: string) => void;
  onContinue?: (panel: number) => void;
  onScroll?: () => void;
  hidden?: boolean;
}

const STATUS_TEXT: Record<LiveStatus, string> = {
  pending: 'Waiting',
  streaming: 'Streaming',
  completed: 'Done',
  error: 'Failed',
  cancelled: 'Stopped',
};

function format(value: number | null, unit: string, digits = 0): string {
  return value === null ? '–' : `${value.toFixed(digits)}${unit}`;
}

/** What to show of one answer: the live stream while it runs, the stored answer after. */
function shown(answer: CompareAnswer | undefined, live: LiveAnswer | undefined) {
  const storedStatus = answer?.status;
  const liveRunning = live !== undefined && isRunning(live.status);
  const status: LiveStatus =
    live && (liveRunning || !storedStatus || isRunning(storedStatus))
      ? live.status
      : (storedStatus ?? 'pending');
  const text =
    live &&
    (liveRunning || !storedStatus || isRunning(storedStatus)) &&
    (live.text || !answer?.response)
      ? live.text
      : (answer?.response ?? '');
  const error = status === 'error' ? (answer?.error ?? live?.error ?? 'The answer failed.') : null;
  // The live rows while the stream is what is shown, the stored ones after.
  const fromLive = live !== undefined && text === live.text && live.toolCalls.length > 0;
  const toolCalls = fromLive ? live.toolCalls : (answer?.tool_calls ?? []);
  const citations =
    fromLive && live.citations.length > 0 ? live.citations : (answer?.citations ?? []);
  return { status, text, error, toolCalls, citations };
}

/** An answer's markdown, re-rendered only when its own text changes (not on a sibling's tick). */
const AnswerText = memo(function AnswerText(props: {
  text: string;
  provider: Panel['provider'];
  streaming: boolean;
}) {
  return <Markdown {...props} />;
});

/** First guess of a turn's height until it is measured: a prompt and an answer. */
const ESTIMATED_TURN_PX = 280;
const keyOf = (turn: PanelTurn) => String(turn.index);
const estimateOf = () => ESTIMATED_TURN_PX;

/** One turn of a panel: its prompt and this model's answer. */
function PanelTurnView({
  turn,
  view,
  provider,
  onRetry,
}: {
  turn: PanelTurn;
  view: ReturnType<typeof shown>;
  provider: Panel['provider'];
  onRetry: (answer: CompareAnswer, prompt: string) => void;
}) {
  return (
    <article className="space-y-2">
      <p className="rounded-xl bg-surface-2 px-3 py-2 text-xs text-fg-muted">{turn.prompt}</p>
      <div data-role="panel-answer" data-status={view.status} className="text-sm">
        <ToolCallRows calls={view.toolCalls} />
        {view.text && (
          <AnswerText text={view.text} provider={provider} streaming={isRunning(view.status)} />
        )}
        <MessageCitations citations={view.citations} messageId={turn.answer?.message_id ?? ''} />
        {view.status === 'cancelled' && <p className="text-xs italic text-fg-muted">Stopped.</p>}
        {view.error && (
          <p role="alert" className="text-xs text-danger">
            {view.error}
          </p>
        )}
        {view.status === 'error' && turn.answer && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => turn.answer && onRetry(turn.answer, turn.prompt)}
          >
            Retry
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * One model's column: its own thread, status and live figures; stop and retry act on it alone.
 * It reads only its own answers from the live store, so another panel's refresh skips it. Its
 * turns are the chat's virtualised thread: a long comparison keeps only the turns near the view
 * in the DOM.
 */
export const ComparePanel = memo(
  forwardRef<HTMLDivElement, ComparePanelProps>(function ComparePanel(
    { panel, turns, onStop, onRetry, onContinue, onScroll, hidden },
    scrollRef,
  ) {
    const ids = turns.map((t) => t.answer?.message_id ?? t.pendingMessageId ?? '');
    const mine = useLiveAnswers(useShallow((s) => ids.map((id) => s.answers[id])));
    const live: Record<string, LiveAnswer> = {};
    mine.forEach((answer, i) => {
      const id = ids[i];
      if (answer && id) live[id] = answer;
    });
    const last = turns.at(-1);
    const lastId = last?.answer?.message_id ?? last?.pendingMessageId;
    const lastLive = lastId ? live[lastId] : undefined;
    const lastShown = shown(last?.answer, lastLive);
    const metrics = metricsOf(last?.answer, lastLive, panel, last?.prompt ?? '');
    return (
      <section
        aria-label={panel.label}
        data-panel={panel.index}
        data-status={last ? lastShown.status : 'idle'}
        className={`flex min-h-0 min-w-0 flex-col rounded-2xl border border-line bg-surface ${hidden ? 'hidden' : ''}`}
      >
        <header className="space-y-1 border-b border-line px-3 py-2">
          <div className="flex items-center justify-between gap-2">
            <h2 className="truncate text-sm font-semibold" data-testid="panel-label">
              {panel.label}
            </h2>
            <span className="text-xs text-fg-muted" data-testid="panel-status">
              {last ? STATUS_TEXT[lastShown.status] : ''}
            </span>
          </div>
          <dl className="grid grid-cols-4 gap-1 text-[11px] text-fg-muted">
            <div>
              <dt>TTFT</dt>
              <dd data-testid="panel-ttft">{format(metrics.ttftMs, ' ms')}</dd>
            </div>
            <div>
              <dt>tok/s</dt>
              <dd data-testid="panel-tps">{format(metrics.tokensPerSecond, '', 1)}</dd>
            </div>
            <div>
              <dt>Tokens</dt>
              <dd>{format(metrics.tokens, '')}</dd>
            </div>
            <div>
              <dt>Cost</dt>
              <dd>{formatCost(metrics.costUsd)}</dd>
            </div>
          </dl>
        </header>
        <VirtualThread
          items={turns}
          getKey={keyOf}
          estimateSize={estimateOf}
          renderItem={(turn) => {
            const id = turn.answer?.message_id ?? turn.pendingMessageId;
            return (
              <PanelTurnView
                turn={turn}
                view={shown(turn.answer, id ? live[id] : undefined)}
                provider={panel.provider}
                onRetry={onRetry}
              />
            );
          }}
          live={last !== undefined && isRunning(lastShown.status)}
          onScroll={onScroll}
          scrollRef={scrollRef}
          rowGapClass="pb-4"
          scrollerClassName="min-h-0 flex-1 overflow-y-auto"
          contentClassName="px-3 py-3"
          scrollerProps={{ 'data-testid': 'panel-scroll' }}
        />
        <footer className="flex gap-2 border-t border-line px-3 py-2">
          {last && isRunning(lastShown.status) && lastId && (
            <Button size="sm" variant="outline" onClick={() => onStop(lastId)}>
              Stop
            </Button>
          )}
          {onContinue && (
            <Button size="sm" variant="ghost" onClick={() => onContinue(panel.index)}>
              Continue with this one
            </Button>
          )}
        </footer>
      </section>
    );
  }),
);
