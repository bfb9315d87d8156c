import { ARENA_CATEGORIES, type ArenaCategory, type LeaderboardPeriod } from '@parallax/contract';
import { useId } from 'react';
import { Switch } from '../../../ui/switch';
import type { LeaderboardFilter } from '../api/get-leaderboard';

const PERIODS: { value: LeaderboardPeriod; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'all', label: 'All time' },
];

export const CATEGORY_LABELS: Record<ArenaCategory, string> = {
  coding: 'Coding',
  maths: 'Maths',
  creative_writing: 'Creative writing',
  instruction_following: 'Instruction following',
  hard_prompts: 'Hard prompts',
  language: 'Language',
};

const pill = (on: boolean) =>
  `rounded-full px-3 py-1 text-xs ${on ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-fg'}`;

/** Whose votes, which period, which category, and whether style is controlled for. */
export function LeaderboardFilters({
  filter,
  onChange,
}: {
  filter: LeaderboardFilter;
  onChange: (next: LeaderboardFilter) => void;
}) {
  const styleId = useId();
  const categoryId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div role="group" aria-label="Whose votes" className="flex gap-1">
        <button
          type="button"
          aria-pressed={filter.scope === 'global'}
          onClick={() => onChange({ ...filter, scope: 'global' })}
          className={pill(filter.scope === 'global')}
        >
          Arena
        </button>
        <button
          type="button"
          aria-pressed={filter.scope === 'mine'}
          onClick={() => onChange({ ...filter, scope: 'mine' })}
          className={pill(filter.scope === 'mine')}
        >
          My votes
        </button>
      </div>
      <div role="group" aria-label="Period" className="flex gap-1">
        {PERIODS.map((p) => (
          <button
            key={p.value}
            type="button"
            aria-pressed={filter.period === p.value}
            onClick={() => onChange({ ...filter, period: p.value })}
            className={pill(filter.period === p.value)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2 text-xs">
        <label htmlFor={categoryId}>Category</label>
        <select
          id={categoryId}
          value={filter.category ?? ''}
          onChange={(e) =>
            onChange({
              ...filter,
              category: (ARENA_CATEGORIES as readonly string[]).includes(e.target.value)
                ? (e.target.value as ArenaCategory)
                : null,
            })
          }
          className="rounded-md border border-line bg-surface px-2 py-1 text-xs text-fg"
        >
          <option value="">All prompts</option>
          {ARENA_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2 text-xs">
        <Switch
          checked={filter.styleControl}
          onCheckedChange={(styleControl) => onChange({ ...filter, styleControl })}
          aria-labelledby={styleId}
        />
        <span id={styleId}>Style control</span>
      </div>
    </div>
  );
}
