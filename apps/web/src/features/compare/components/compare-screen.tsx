import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { preloadMarkdown } from '../../../lib/markdown';
import { compareStreamer } from '../model/compare-runtime';
import { LeaderboardView } from './leaderboard-view';
import { LimitNoticeModal } from './limit-notice-modal';
import { NewComparison } from './new-comparison';
import { SessionList } from './session-list';
import { SessionView } from './session-view';

type Tab = 'compare' | 'leaderboard';

/** /compare and /compare/{sessionId}: new comparison + list, one session, or the leaderboard. */
export function CompareScreen() {
  const { sessionId } = useParams();
  const [tab, setTab] = useState<Tab>('compare');
  const queryClient = useQueryClient();
  // Opens the chat socket with the screen, so the first comparison already streams.
  useEffect(() => void compareStreamer(queryClient), [queryClient]);
  // A reopened comparison's answers arrive whole: the parser is there before they are.
  useEffect(() => void preloadMarkdown(), []);
  return (
    <div className="mx-auto flex h-full w-full max-w-7xl min-w-0 flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">Compare</h1>
        <div role="tablist" aria-label="Compare views" className="flex gap-1">
          {(['compare', 'leaderboard'] as const).map((value) => (
            <button
              key={value}
              role="tab"
              aria-selected={tab === value}
              onClick={() => setTab(value)}
              className={`rounded-full px-3 py-1 text-sm ${tab === value ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-fg'}`}
            >
              {value === 'compare' ? 'Compare' : 'Leaderboard'}
            </button>
          ))}
        </div>
        {sessionId && tab === 'compare' && (
          <Link to="/compare" className="ml-auto text-sm text-accent">
            New comparison
          </Link>
        )}
      </div>
      {tab === 'leaderboard' ? (
        <LeaderboardView />
      ) : sessionId ? (
        <SessionView key={sessionId} sessionId={sessionId} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr] [&>*]:min-w-0">
          <NewComparison />
          <SessionList />
        </div>
      )}
      <LimitNoticeModal />
    </div>
  );
}
