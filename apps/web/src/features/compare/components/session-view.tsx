import type { CompareSession, CompareVoteChoice } from '@parallax/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { CompareAnswer } from '@parallax/contract';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { ErrorBoundary } from '../../../ui/error-boundary/error-boundary';
import { StarToggle } from '../../../ui/star-toggle';
import { toast } from '../../../ui/toast/toast-store';
import { continueWith } from '../api/continue-with';
import { getSession } from '../api/get-session';
import { vote } from '../api/vote';
import { WebSearchToggleButton } from '../../chat-settings';
import { useFeatureFlag } from '../../app-config';
import { useAuth } from '../../auth';
import { ShareDialog } from '../../shares';
import { useCompareWebSearch } from '../hooks/use-compare-web-search';
import { useIsPhone } from '../hooks/use-is-phone';
import { useSessionStar } from '../hooks/use-session-star';
import { useSyncedScroll } from '../hooks/use-synced-scroll';
import { resumeRunning, retryPanel, sendTurn, stopPanel } from '../model/compare-actions';
import { sessionKey } from '../model/compare-runtime';
import { isRunning } from '../model/live-answer';
import { useLiveAnswers } from '../store/live-answers';
import { usePendingTurns, type PendingTurn } from '../store/pending-turns';
import { ComparePanel, type PanelTurn } from './compare-panel';
import { VoteBar } from './vote-bar';

const SWIPE_PX = 50;

/** Each panel's thread: stored turns, then the turn being sent until it is stored. */
function panelTurns(session: CompareSession, pending: PendingTurn | undefined) {
  const stored = new Set(session.turns.flatMap((t) => t.answers.map((a) => a.message_id)));
  const showPending = pending && !pending.answers.every((a) => stored.has(a.messageId));
  return session.panels.map((panel): PanelTurn[] => {
    const turns: PanelTurn[] = session.turns.map((turn) => ({
      index: turn.index,
      prompt: turn.prompt,
      answer: turn.answers.find((a) => a.panel === panel.index),
    }));
    const mine = showPending ? pending.answers.find((a) => a.panel === panel.index) : undefined;
    if (pending && mine && !stored.has(mine.messageId))
      turns.push({
        index: session.turns.length,
        prompt: pending.prompt,
        answer: undefined,
        pendingMessageId: mine.messageId,
      });
    return turns;
  });
}

/** /compare/{sessionId}: the panels as they were, live ones resumed, votes and follow-ups. */
export function SessionView({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: session, isError } = useQuery({
    queryKey: sessionKey(sessionId),
    queryFn: () => getSession(sessionId),
  });
  const pending = usePendingTurns((s) => s.bySession[sessionId]);
  const [synced, setSynced] = useState(true);
  const [sharing, setSharing] = useState(false);
  const { isAuthenticated } = useAuth();
  const canShare = useFeatureFlag('sharing') && isAuthenticated;
  const [activeTab, setActiveTab] = useState(0);
  const [followUp, setFollowUp] = useState('');
  const [busy, setBusy] = useState(false);
  const isPhone = useIsPhone();
  const toggleStar = useSessionStar();
  const { refFor, onScroll } = useSyncedScroll(synced && !isPhone);
  const touchX = useRef<number | null>(null);
  const webSearch = useCompareWebSearch(sessionId);
  // Read when a retry goes out: the retry callback stays the same across toggles.
  const webSearchOn = useRef(webSearch.toggle.on);
  webSearchOn.current = webSearch.toggle.on;

  useEffect(() => {
    if (session) resumeRunning(queryClient, session);
  }, [session, queryClient]);

  const threads = useMemo(() => (session ? panelTurns(session, pending) : []), [session, pending]);
  const lastIds = threads.map((turns) => {
    const last = turns.at(-1);
    return last?.answer?.message_id ?? last?.pendingMessageId ?? '';
  });
  // A boolean selector: the view re-renders when streaming starts or stops, not on every token.
  const liveRunning = useLiveAnswers((s) =>
    lastIds.some((id) => {
      const answer = s.answers[id];
      return answer !== undefined && isRunning(answer.status);
    }),
  );
  const onStop = useCallback((id: string) => void stopPanel(id), []);
  const onRetry = useCallback(
    (answer: CompareAnswer, prompt: string) =>
      void retryPanel(queryClient, sessionId, answer, prompt, webSearchOn.current),
    [queryClient, sessionId],
  );
  const onContinue = useCallback(
    async (panel: number) => {
      try {
        void navigate(`/chats/${await continueWith(sessionId, panel)}`);
      } catch {
        toast.error('Could not continue with this answer', 'Try again in a moment.');
      }
    },
    [navigate, sessionId],
  );
  const continueHandler = useCallback((panel: number) => void onContinue(panel), [onContinue]);
  if (isError)
    return (
      <p role="alert" className="p-6 text-sm">
        This comparison could not be found.
      </p>
    );
  if (!session) return <p className="p-6 text-sm text-fg-muted">Loading comparison…</p>;

  const lastTurn = session.turns.at(-1);
  const anyRunning =
    liveRunning ||
    threads.some((turns) => {
      const last = turns.at(-1);
      return (
        last?.pendingMessageId !== undefined ||
        (last?.answer !== undefined && isRunning(last.answer.status))
      );
    });
  const canVote = lastTurn !== undefined && !anyRunning;

  const onVote = async (choice: CompareVoteChoice) => {
    if (!lastTurn) return;
    try {
      queryClient.setQueryData(
        sessionKey(sessionId),
        await vote(sessionId, lastTurn.index, choice),
      );
      void queryClient.invalidateQueries({ queryKey: ['compare', 'leaderboard'] });
    } catch {
      toast.error('Your vote could not be saved', 'Try again in a moment.');
    }
  };

  const onFollowUp = async (event: FormEvent) => {
    event.preventDefault();
    const text = followUp.trim();
    if (!text || busy) return;
    setBusy(true);
    try {
      if (await sendTurn(queryClient, session, text, webSearch.toggle.on)) setFollowUp('');
    } finally {
      setBusy(false);
    }
  };

  const swipe = (endX: number) => {
    if (touchX.current === null) return;
    const dx = endX - touchX.current;
    touchX.current = null;
    if (Math.abs(dx) < SWIPE_PX) return;
    setActiveTab((tab) =>
      Math.min(session.panels.length - 1, Math.max(0, tab + (dx < 0 ? 1 : -1))),
    );
  };

  return (
    <div className="flex h-full min-h-0 min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1">
          <h2 className="min-w-0 truncate text-base font-semibold" title={session.title}>
            {session.title}
          </h2>
          <StarToggle
            starred={session.is_favourite}
            name={session.title}
            onToggle={() => void toggleStar(session)}
          />
        </div>
        <div className="flex items-center gap-3 text-sm">
          {canShare && (
            <Button variant="outline" size="sm" onClick={() => setSharing(true)}>
              Share
            </Button>
          )}
          {session.blind && (
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs">
              {session.revealed ? 'Blind · revealed' : 'Blind'}
            </span>
          )}
          {!isPhone && (
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={synced}
                onChange={(e) => setSynced(e.target.checked)}
              />
              Scroll together
            </label>
          )}
        </div>
      </div>
      {isPhone && (
        <div role="tablist" aria-label="Panels" className="flex gap-1 overflow-x-auto">
          {session.panels.map((panel, i) => (
            <button
              key={panel.index}
              role="tab"
              aria-selected={activeTab === i}
              onClick={() => setActiveTab(i)}
              className={`shrink-0 rounded-full px-3 py-1 text-xs ${activeTab === i ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-fg'}`}
            >
              {panel.label}
            </button>
          ))}
        </div>
      )}
      <div
        className="grid min-h-0 flex-1 gap-3"
        style={{
          gridTemplateColumns: isPhone
            ? 'minmax(0, 1fr)'
            : `repeat(${session.panels.length}, minmax(0, 1fr))`,
        }}
        onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => swipe(e.changedTouches[0]?.clientX ?? 0)}
      >
        {session.panels.map((panel, i) => (
          // One panel's fault (a markdown edge case, say) costs that panel, not the comparison.
          <ErrorBoundary key={panel.index} level="component">
            <ComparePanel
              ref={refFor(panel.index)}
              onScroll={onScroll(panel.index)}
              panel={panel}
              turns={threads[i] ?? []}
              hidden={isPhone && activeTab !== i}
              onStop={onStop}
              onRetry={onRetry}
              {...(lastTurn ? { onContinue: continueHandler } : {})}
            />
          </ErrorBoundary>
        ))}
      </div>
      {lastTurn && (
        <VoteBar
          panels={session.panels}
          vote={lastTurn.vote}
          disabled={!canVote}
          onVote={(c) => void onVote(c)}
          hidden={session.blind && !session.revealed}
        />
      )}
      <form onSubmit={(e) => void onFollowUp(e)} className="flex gap-2">
        <textarea
          aria-label="Follow-up prompt"
          rows={1}
          value={followUp}
          onChange={(e) => setFollowUp(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) void onFollowUp(e);
          }}
          placeholder="Follow up with every model"
          className="min-h-10 flex-1 resize-y rounded-xl border border-line bg-surface-2 p-2 text-sm"
        />
        {webSearch.available && <WebSearchToggleButton toggle={webSearch.toggle} />}
        <Button type="submit" disabled={busy || anyRunning || !followUp.trim()}>
          Send to all
        </Button>
      </form>
      {canShare && (
        <ShareDialog
          kind="comparison"
          sourceId={sessionId}
          open={sharing}
          onClose={() => setSharing(false)}
        />
      )}
    </div>
  );
}
