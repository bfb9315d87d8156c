import { FEEDBACK_REASONS, type FeedbackReason, type FeedbackRow } from '@parallax/contract';

const reasonLabel = (key: string) =>
  key in FEEDBACK_REASONS ? FEEDBACK_REASONS[key as FeedbackReason] : 'No reason given';

/** A model's thumbs in the usage table: up / down, the share of ups, and why answers were downed. */
export function FeedbackCells({ row }: { row: FeedbackRow | undefined }) {
  const rated = row ? row.up + row.down : 0;
  const reasons = row
    ? Object.entries(row.down_reasons)
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `${reasonLabel(key)}: ${n}`)
        .join(', ')
    : '';
  return (
    <>
      <td className="py-2 pr-3 tabular-nums" data-testid="feedback-counts">
        {rated === 0 ? '—' : `${row?.up ?? 0} / ${row?.down ?? 0}`}
      </td>
      <td className="py-2">
        {rated === 0 ? (
          '—'
        ) : (
          <>
            <span className="tabular-nums">{Math.round(((row?.up ?? 0) / rated) * 100)}%</span>
            {reasons && <span className="block text-xs text-fg-muted">{reasons}</span>}
          </>
        )}
      </td>
    </>
  );
}
