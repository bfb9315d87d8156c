import type { AdminDashboard, SubscriptionFigures } from '@parallax/contract';
import type { TurnStats } from '../chat';
import type { AdminReportsRepository, DayCount } from './admin-reports.repository';

const DAY_MS = 86_400_000;
const SERIES_DAYS = 30;

function byDay(counts: readonly DayCount[]): Map<string, number> {
  return new Map(counts.map((c) => [c.day, c.n]));
}

/** The dashboard's figures: now, the last 24 hours / 7 days, and 30 daily points. */
export class DashboardService {
  constructor(
    private readonly reports: AdminReportsRepository,
    private readonly subscriptionFigures: () => Promise<SubscriptionFigures>,
    /** The turns' figures (chat's). */
    private readonly turns: Pick<
      TurnStats,
      'countMessages' | 'countLiveStreams' | 'messagesPerDay'
    >,
  ) {}

  async figures(now: Date = new Date()): Promise<AdminDashboard> {
    const today = now.toISOString().slice(0, 10);
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
    const days = Array.from({ length: SERIES_DAYS }, (_, i) =>
      new Date(Date.parse(today) - (SERIES_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    );
    const seriesStart = `${days[0] ?? today}T00:00:00.000Z`;
    const [
      usersTotal,
      usersNew,
      messagesToday,
      liveStreams,
      upstreamErrors,
      clientErrors,
      messages,
      newUsers,
      errorsPerDay,
      clientErrorsPerDay,
      revenue,
    ] = await Promise.all([
      this.reports.countUsers(),
      this.reports.countUsers(weekAgo),
      this.turns.countMessages(`${today}T00:00:00.000Z`),
      this.turns.countLiveStreams(),
      this.turns.countMessages(dayAgo, ['error']),
      this.reports.countClientErrors(dayAgo),
      this.turns.messagesPerDay(seriesStart),
      this.reports.usersPerDay(seriesStart),
      this.turns.messagesPerDay(seriesStart, ['error']),
      this.reports.clientErrorsPerDay(seriesStart),
      this.subscriptionFigures(),
    ]);
    const [m, u, e, c] = [messages, newUsers, errorsPerDay, clientErrorsPerDay].map(byDay);
    return {
      users_total: usersTotal,
      users_new_7d: usersNew,
      messages_today: messagesToday,
      live_streams: liveStreams,
      upstream_errors_24h: upstreamErrors,
      client_errors_24h: clientErrors,
      mrr: revenue.mrr,
      paying_subscriptions: revenue.active_per_plan.reduce((sum, p) => sum + p.active, 0),
      series: days.map((day) => ({
        day,
        messages: m?.get(day) ?? 0,
        new_users: u?.get(day) ?? 0,
        upstream_errors: e?.get(day) ?? 0,
        client_errors: c?.get(day) ?? 0,
      })),
    };
  }
}
