import {
  ADMIN_LIMITS,
  type AdminModel,
  type UsageQuery,
  type UsageResponse,
  type UsageRow,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { FeedbackService, TurnStats } from '../chat';
import type { AdminReportsRepository, UsageFilter } from './admin-reports.repository';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return Math.round(sorted[rank - 1] ?? 0);
}

function dayString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The query's days as ISO bounds: `to` (default today) back to `from` (default 30 days). */
export function usageRange(query: Pick<UsageQuery, 'from' | 'to'>): { from: string; to: string } {
  const to = query.to ?? dayString(new Date());
  const from = query.from ?? dayString(new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS));
  if (from > to) throw new AppError('validation_error', 'from: must not be after to.');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > ADMIN_LIMITS.usageMaxDays)
    throw new AppError(
      'validation_error',
      `from: at most ${ADMIN_LIMITS.usageMaxDays} days at once.`,
    );
  return { from, to };
}

/**
 * Usage per provider and model per day, from the messages the chat records (tokens, error
 * code, time to first token) and the OpenAI-compatible API's call records (tokens, outcome);
 * cost at each model's current prices.
 */
export class UsageService {
  constructor(
    private readonly reports: AdminReportsRepository,
    private readonly models: () => Promise<AdminModel[]>,
    /** The turns' figures (chat's). */
    private readonly turns: Pick<TurnStats, 'usage' | 'usageErrors' | 'usageTtft'>,
    /** The answers' thumbs per model (chat's). */
    private readonly feedback: Pick<FeedbackService, 'perModel'>,
  ) {}

  async usage(query: UsageQuery): Promise<UsageResponse> {
    const { from, to } = usageRange(query);
    const filter: UsageFilter = {
      from: `${from}T00:00:00.000Z`,
      to: new Date(Date.parse(to) + DAY_MS).toISOString(),
      provider: query.provider,
      model: query.model,
    };
    const [chatGroups, apiGroups, chatErrors, apiErrors, ttfts, models, feedback] =
      await Promise.all([
        this.turns.usage(filter),
        this.reports.apiUsage(filter),
        this.turns.usageErrors(filter),
        this.reports.apiUsageErrors(filter),
        this.turns.usageTtft(filter),
        this.models(),
        this.feedback.perModel(filter),
      ]);
    const errors = [...chatErrors, ...apiErrors];
    const prices = new Map(models.map((m) => [m.id, m]));
    const key = (g: { day: string; provider: string; model: string }) =>
      `${g.day}|${g.provider}|${g.model}`;
    const groups = new Map<
      string,
      Omit<UsageRow, 'estimated_cost_usd' | 'errors' | 'ttft_p50_ms' | 'ttft_p95_ms'>
    >();
    for (const g of chatGroups) groups.set(key(g), { ...g, api_calls: 0 });
    for (const a of apiGroups) {
      const row = groups.get(key(a)) ?? {
        day: a.day,
        provider: a.provider,
        model: a.model,
        messages: 0,
        api_calls: 0,
        input_tokens: 0,
        output_tokens: 0,
      };
      row.api_calls += a.calls;
      row.input_tokens += a.input_tokens;
      row.output_tokens += a.output_tokens;
      groups.set(key(a), row);
    }
    const errorsBy = new Map<string, Record<string, number>>();
    for (const e of errors) {
      const bucket = errorsBy.get(key(e)) ?? {};
      bucket[e.error_code] = (bucket[e.error_code] ?? 0) + e.n;
      errorsBy.set(key(e), bucket);
    }
    const ttftBy = new Map<string, number[]>();
    for (const t of ttfts) {
      const list = ttftBy.get(key(t)) ?? [];
      list.push(t.ttft_ms);
      ttftBy.set(key(t), list);
    }
    const ordered = [...groups.values()].sort((a, b) => a.day.localeCompare(b.day));
    const rows: UsageRow[] = ordered.map((g) => {
      const price = prices.get(g.model);
      const cost = price
        ? (g.input_tokens * price.input_price_per_million +
            g.output_tokens * price.output_price_per_million) /
          1_000_000
        : 0;
      const sorted = (ttftBy.get(key(g)) ?? []).sort((a, b) => a - b);
      return {
        day: g.day,
        provider: g.provider,
        model: g.model,
        messages: g.messages,
        api_calls: g.api_calls,
        input_tokens: g.input_tokens,
        output_tokens: g.output_tokens,
        estimated_cost_usd: Math.round(cost * 1_000_000) / 1_000_000,
        errors: errorsBy.get(key(g)) ?? {},
        ttft_p50_ms: percentile(sorted, 0.5),
        ttft_p95_ms: percentile(sorted, 0.95),
      };
    });
    return { from, to, rows, feedback };
  }

  async csv(query: UsageQuery): Promise<string> {
    const { rows } = await this.usage(query);
    const header = [
      'day',
      'provider',
      'model',
      'messages',
      'api_calls',
      'input_tokens',
      'output_tokens',
      'estimated_cost_usd',
      'errors',
      'ttft_p50_ms',
      'ttft_p95_ms',
    ];
    const cell = (value: string | number | null) => {
      const text = value === null ? '' : String(value);
      // Quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it.
      const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
      return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const lines = rows.map((r) =>
      [
        r.day,
        r.provider,
        r.model,
        r.messages,
        r.api_calls,
        r.input_tokens,
        r.output_tokens,
        r.estimated_cost_usd,
        Object.entries(r.errors)
          .map(([code, n]) => `${code}:${n}`)
          .join(' '),
        r.ttft_p50_ms,
        r.ttft_p95_ms,
      ]
        .map(cell)
        .join(','),
    );
    return `${[header.join(','), ...lines].join('\n')}\n`;
  }
}
