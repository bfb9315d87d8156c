import type { ApiKeyUsageDay } from '@parallax/contract';

const BAR = 3;
const GAP = 1;
const HEIGHT = 28;

/**
 * Tokens per day over the chart's days as bars: a plain inline SVG (no chart library on this
 * route). Days without calls show as a thin baseline, so the 30 days stay readable.
 */
export function UsageSparkline({ days }: { days: readonly ApiKeyUsageDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.tokens));
  const total = days.reduce((sum, d) => sum + d.tokens, 0);
  const active = days.filter((d) => d.requests > 0).length;
  const width = days.length * (BAR + GAP) - GAP;
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="h-7 w-full max-w-48 text-accent"
      role="img"
      aria-label={`Last ${days.length} days: ${total.toLocaleString()} tokens on ${active} ${active === 1 ? 'day' : 'days'}`}
    >
      {days.map((d, i) => {
        const h = d.tokens === 0 ? 1 : Math.max(2, (d.tokens / max) * HEIGHT);
        return (
          <rect
            key={d.day}
            x={i * (BAR + GAP)}
            y={HEIGHT - h}
            width={BAR}
            height={h}
            rx={0.5}
            fill="currentColor"
            opacity={d.tokens === 0 ? 0.25 : 0.9}
          >
            <title>{`${d.day}: ${d.requests.toLocaleString()} requests, ${d.tokens.toLocaleString()} tokens`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
