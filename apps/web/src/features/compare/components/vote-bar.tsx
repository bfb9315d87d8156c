import type { ComparePanel, CompareVoteChoice } from '@parallax/contract';
import { Button } from '../../../ui/button';

interface VoteBarProps {
  panels: ComparePanel[];
  vote: CompareVoteChoice | null;
  disabled: boolean;
  onVote: (choice: CompareVoteChoice) => void;
}

function describe(vote: CompareVoteChoice, panels: ComparePanel[]): string {
  if (vote === 'tie') return 'a tie';
  if (vote === 'all_bad') return 'all bad';
  return panels.find((p) => p.index === vote)?.label ?? `panel ${vote + 1}`;
}

/** The verdict on the latest turn: best answer, a tie, or all bad. */
export function VoteBar({ panels, vote, disabled, onVote }: VoteBarProps) {
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
          onClick={() => onVote(panel.index)}
        >
          {`Best: ${panel.label}`}
        </Button>
      ))}
      <Button
        size="sm"
        variant={vote === 'tie' ? 'primary' : 'outline'}
        disabled={disabled}
        onClick={() => onVote('tie')}
      >
        Tie
      </Button>
      <Button
        size="sm"
        variant={vote === 'all_bad' ? 'primary' : 'outline'}
        disabled={disabled}
        onClick={() => onVote('all_bad')}
      >
        All bad
      </Button>
    </div>
  );
}
