import type { UsageResponse } from '@parallax/contract';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { downloadUsageCsv } from '../api/admin-usage';
import { FeedbackCells } from './feedback-cells';
import { TimeSeriesChart } from './time-series-chart';

const COLOURS = ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9', '#a855f7'];

/**
 * Chat messages and API calls per model per day over the period, totals per model, and the
 * CSV export.
 */
export function UsageSection({ usage }: { usage: UsageResponse }) {
  const { days, series, totals } = useMemo(() => {
    const allDays: string[] = [];
    for (let t = Date.parse(usage.from); t <= Date.parse(usage.to); t += 86_400_000)
      allDays.push(new Date(t).toISOString().slice(0, 10));
    const byModel = new Map<
      string,
      { messages: Map<string, number>; total: UsageResponse['rows'][number] }
    >();
    for (const row of usage.rows) {
      const key = `${row.provider} · ${row.model}`;
      const entry = byModel.get(key) ?? {
        messages: new Map<string, number>(),
        total: {
          ...row,
          messages: 0,
          api_calls: 0,
          input_tokens: 0,
          output_tokens: 0,
          estimated_cost_usd: 0,
          errors: {},
        },
      };
      entry.messages.set(
        row.day,
        (entry.messages.get(row.day) ?? 0) + row.messages + row.api_calls,
      );
      entry.total.messages += row.messages;
      entry.total.api_calls += row.api_calls;
      entry.total.input_tokens += row.input_tokens;
      entry.total.output_tokens += row.output_tokens;
      entry.total.estimated_cost_usd += row.estimated_cost_usd;
      for (const [code, n] of Object.entries(row.errors))
        entry.total.errors[code] = (entry.total.errors[code] ?? 0) + n;
      entry.total.ttft_p50_ms = row.ttft_p50_ms ?? entry.total.ttft_p50_ms;
      entry.total.ttft_p95_ms = row.ttft_p95_ms ?? entry.total.ttft_p95_ms;
      byModel.set(key, entry);
    }
    const entries = [...byModel.entries()];
    return {
      days: allDays,
      series: entries.slice(0, COLOURS.length).map(([label, e], i) => ({
        label,
        colour: COLOURS[i] ?? '#6366f1',
        values: allDays.map((d) => e.messages.get(d) ?? 0),
      })),
      totals: entries.map(([label, e]) => ({ label, ...e.total })),
    };
  }, [usage]);

  const exportCsv = () =>
    void downloadUsageCsv().catch((error: unknown) =>
      toast.error('Could not export the usage', error instanceof Error ? error.message : undefined),
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-fg-muted">
          {usage.from} to {usage.to}
        </p>
        <Button variant="outline" size="sm" onClick={exportCsv}>
          <Download className="size-4" aria-hidden /> Export CSV
        </Button>
      </div>
      {totals.length === 0 ? (
        <p className="text-sm text-fg-muted">No messages or API calls in this period yet.</p>
      ) : (
        <>
          <TimeSeriesChart
            days={days}
            series={series}
            label="Chat messages and API calls per model per day"
          />
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="text-xs text-fg-muted">
                <tr>
                  <th className="py-2 pr-3 font-medium">Model</th>
                  <th className="py-2 pr-3 font-medium">Chat messages</th>
                  <th className="py-2 pr-3 font-medium">API calls</th>
                  <th className="py-2 pr-3 font-medium">Tokens in / out</th>
                  <th className="py-2 pr-3 font-medium">Est. cost</th>
                  <th className="py-2 pr-3 font-medium">Errors</th>
                  <th className="py-2 pr-3 font-medium">TTFT p50 / p95</th>
                  <th className="py-2 pr-3 font-medium">Thumbs up / down</th>
                  <th className="py-2 font-medium">Approval</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {totals.map((t) => (
                  <tr key={t.label}>
                    <td className="py-2 pr-3">{t.label}</td>
                    <td className="py-2 pr-3 tabular-nums">{t.messages}</td>
                    <td className="py-2 pr-3 tabular-nums">{t.api_calls}</td>
                    <td className="py-2 pr-3 tabular-nums">
                      {t.input_tokens.toLocaleString()} / {t.output_tokens.toLocaleString()}
                    </td>
                    <td className="py-2 pr-3 tabular-nums">${t.estimated_cost_usd.toFixed(4)}</td>
                    <td className="py-2 pr-3">
                      {Object.entries(t.errors)
                        .map(([code, n]) => `${code}: ${n}`)
                        .join(', ') || '—'}
                    </td>
                    <td className="py-2 pr-3 tabular-nums">
                      {t.ttft_p50_ms ?? '—'} / {t.ttft_p95_ms ?? '—'} ms
                    </td>
                    <FeedbackCells
                      row={usage.feedback.find(
                        (f) => f.provider === t.provider && f.model === t.model,
                      )}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
