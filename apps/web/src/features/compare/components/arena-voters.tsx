import type { ArenaVoterFlag } from '@parallax/contract';
import { useArenaVoters } from '../api/list-arena-voters';

const FLAG_TEXT: Record<ArenaVoterFlag, string> = {
  fast_decisions: 'decides in under 3 s',
  same_position: 'nearly always picks the first answer',
  high_volume: 'at the daily cap',
};

/** Admins: accounts whose votes look automated, to review before trusting the board. */
export function ArenaVoters() {
  const { data } = useArenaVoters(true);
  const flagged = data?.voters.filter((v) => v.flags.length > 0) ?? [];
  return (
    <details className="rounded-xl border border-line px-3 py-2 text-sm" data-testid="arena-voters">
      <summary className="cursor-pointer text-xs text-fg-muted">
        Voters to review ({flagged.length} flagged of {data?.voters.length ?? 0}, last 30 days)
      </summary>
      {flagged.length === 0 ? (
        <p className="mt-2 text-xs text-fg-muted">No account's votes look automated.</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {flagged.map((v) => (
            <li key={v.user_id} className="flex flex-wrap gap-x-2">
              <span className="font-medium break-all">{v.email}</span>
              <span className="text-fg-muted">
                {v.votes} votes · {v.flags.map((f) => FLAG_TEXT[f]).join(', ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
