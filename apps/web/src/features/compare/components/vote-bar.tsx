import type { ComparePanel, CompareVoteChoice, LeaderboardResponse } from '@parallax/contract';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { useLeaderboard } from '../api/get-leaderboard';
import { ARENA_BOARD, ArenaReveal } from './arena-reveal';

interface VoteBarProps {
  panels: ComparePanel[];
  vote: CompareVoteChoice | null;
  disabled: boolean;
  onVote: (choice: CompareVoteChoice) => void;
  /** A blind session still hiding its models: the vote reveals them with their rating change. */
  hidden?: boolean;
}

function describe(vote: CompareVoteChoice, panels: ComparePanel[]): string {
  if (vote === 'tie') return 'a tie';
  if (vote === 'all_bad') return 'all bad';
  return panels.find((p) => p.index === vote)?.label ?? `panel ${vote + 1}`;
}

/** The verdict on the latest turn: best answer, a tie, or all bad. */
export function VoteBar({ panels, vote, disabled, onVote, hidden = false }: VoteBarProps) {
  // The arena as it stands before a blind vote: the reveal shows the change against it.
  const before = useLeaderboard(ARENA_BOARD, hidden);
  // Kept as it was at the click: the vote refreshes leaderboard queries, this one included.
  const [baseline, setBaseline] = useState<{ at: number; board?: LeaderboardResponse } | null>(
    null,
  );
  const choose = (choice: CompareVoteChoice) => {
    if (hidden) setBaseline({ at: Date.now(), ...(before.data ? { board: before.data } : {}) });
    onVote(choice);
  };
  return (
    <div
      role="group"
      aria-label="Vote"
      className="flex flex-wrap items-center gap-2 rounded-2xl border border-line px-3 py-2 text-sm"
    >
      <span className="text-fg-muted">
        {vote === null ? 'Which answer is best?' : `Your vote: ${describe(vote, panels)}`}
      </span>
      {panels.map((panel) => (
        <Button
          key={panel.index}
          size="sm"
          variant={vote === panel.index ? 'primary' : 'outline'}
          disabled={disabled}
          onClick={() => choose(panel.index)}
        >
          {`Best: ${panel.label}`}
        </Button>
      ))}
      <Button
        size="sm"
        variant={vote === 'tie' ? 'primary' : 'outline'}
        disabled={disabled}
        onClick={() => choose('tie')}
      >
        Tie
      </Button>
      <Button
        size="sm"
        variant={vote === 'all_bad' ? 'primary' : 'outline'}
        disabled={disabled}
        onClick={() => choose('all_bad')}
      >
        All bad
      </Button>
      {baseline !== null && vote !== null && panels.every((p) => p.model !== null) && (
        <ArenaReveal panels={panels} before={baseline.board} votedAt={baseline.at} />
      )}
    </div>
  );
}
