/**
 * A rating's 95% interval drawn on the board's common scale: the bar spans the interval, the
 * tick marks the rating. A provisional model's bar is dashed.
 */
export function RatingIntervalBar({
  rating,
  low,
  high,
  min,
  max,
  provisional,
}: {
  rating: number;
  low: number;
  high: number;
  min: number;
  max: number;
  provisional: boolean;
}) {
  const span = Math.max(max - min, 1);
  const at = (value: number) => `${(((value - min) / span) * 100).toFixed(2)}%`;
  return (
    <div
      className="relative h-2 w-28 rounded-full bg-surface-2 sm:w-40"
      role="img"
      aria-label={`95% interval ${Math.round(low)} to ${Math.round(high)}`}
    >
      <div
        className={`absolute top-0 h-2 rounded-full ${provisional ? 'border border-dashed border-accent bg-transparent' : 'bg-accent/40'}`}
        style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})` }}
      />
      <div className="absolute -top-0.5 h-3 w-0.5 bg-accent" style={{ left: at(rating) }} />
    </div>
  );
}
