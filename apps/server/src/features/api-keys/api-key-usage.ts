import { API_KEY_USAGE_DAYS, type ApiKeyUsageDay } from '@parallax/contract';
import type { KeyUsageRow } from './api-keys.repository';

const DAY_MS = 86_400_000;

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The 1st of `at`'s month, UTC: the monthly budget and the month totals start there. */
export function monthStartDay(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

/** The first day of the usage chart ending today. */
export function chartStartDay(at: Date): string {
  return utcDay(new Date(at.getTime() - (API_KEY_USAGE_DAYS - 1) * DAY_MS));
}

/** The earlier of the two: one query covers both the chart and the month totals. */
export function usageStartDay(at: Date): string {
  const month = monthStartDay(at);
  const chart = chartStartDay(at);
  return month < chart ? month : chart;
}

export interface KeyUsageSummary {
  requestsThisMonth: number;
  tokensThisMonth: number;
  daily: ApiKeyUsageDay[];
}

/** One key's month totals and its chart with every day present, oldest first. */
export function summariseUsage(rows: readonly KeyUsageRow[], now: Date): KeyUsageSummary {
  const month = monthStartDay(now);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const daily: ApiKeyUsageDay[] = [];
  for (let i = API_KEY_USAGE_DAYS - 1; i >= 0; i -= 1) {
    const day = utcDay(new Date(now.getTime() - i * DAY_MS));
    const row = byDay.get(day);
    daily.push({ day, requests: row?.requests ?? 0, tokens: row?.tokens ?? 0 });
  }
  const inMonth = rows.filter((r) => r.day >= month);
  return {
    requestsThisMonth: inMonth.reduce((sum, r) => sum + r.requests, 0),
    tokensThisMonth: inMonth.reduce((sum, r) => sum + r.tokens, 0),
    daily,
  };
}
