import type {
  AdminSubscriptionDetail,
  AdminSubscriptionListResponse,
  Invoice,
  SubscriptionFigures,
} from '@parallax/contract';
import type { z } from 'zod';
import type { AdminSubscriptionListQuery } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import { grantsAccess } from './subscription-sync';
import { toAdminDetail, toAdminRow, toInvoice } from './subscription-view';
import { SUBSCRIPTION_NOT_FOUND, type SubscriptionsService } from './subscriptions.service';

type ListQuery = z.output<typeof AdminSubscriptionListQuery>;

const DAY_MS = 86_400_000;

/** /admin/subscriptions: every user's subscriptions, their invoices and events, and figures. */
export class AdminSubscriptionsService {
  constructor(
    private readonly billing: SubscriptionsService,
    private readonly graceDays: number,
  ) {}

  async list(query: ListQuery): Promise<AdminSubscriptionListResponse> {
    const { rows, total } = await this.billing.repository.list(
      {
        ...(query.status !== undefined && { status: query.status }),
        ...(query.plan_id !== undefined && { planId: query.plan_id }),
        ...(query.q !== undefined && { email: query.q }),
      },
      query.offset,
      query.limit,
    );
    return {
      subscriptions: rows.map((r) => toAdminRow(r, this.graceDays)),
      total,
      offset: query.offset,
      limit: query.limit,
    };
  }

  async detail(id: string): Promise<AdminSubscriptionDetail> {
    const row = await this.billing.repository.findListed(id);
    if (!row) throw new AppError('not_found', SUBSCRIPTION_NOT_FOUND);
    let invoices: Invoice[] = [];
    if (this.billing.configured) {
      const { stripe } = this.billing.requireStripe();
      invoices = (await stripe.invoices.list({ subscription: id, limit: 100 })).data.map(toInvoice);
    }
    const events = await this.billing.repository.eventsOf(id);
    return {
      subscription: toAdminDetail(row, this.graceDays),
      invoices,
      events: events.map((e) => ({ id: e.id, type: e.type, received_at: e.received_at })),
    };
  }

  /** Cancels at once (Stripe voids what is open) or at the period's end. */
  async cancel(id: string, atPeriodEnd: boolean): Promise<AdminSubscriptionDetail> {
    const { stripe } = this.billing.requireStripe();
    const row = await this.billing.repository.find(id);
    if (!row) throw new AppError('not_found', SUBSCRIPTION_NOT_FOUND);
    const updated = atPeriodEnd
      ? await stripe.subscriptions.update(id, {
          cancel_at_period_end: true,
          expand: ['default_payment_method'],
        })
      : await stripe.subscriptions.cancel(id, { expand: ['default_payment_method'] });
    await this.billing.applyFromStripe(updated);
    return this.detail(id);
  }

  async figures(now = Date.now()): Promise<SubscriptionFigures> {
    const since = new Date(now - 30 * DAY_MS).toISOString();
    const rows = await this.billing.repository.forFigures(since);
    const mrr = new Map<string, number>();
    const perPlan = new Map<string, { plan_id: string; plan_name: string; active: number }>();
    let canceled = 0;
    let base = 0;
    for (const row of rows) {
      const live = grantsAccess(row, this.graceDays, now);
      if (live) {
        const monthly = row.interval === 'year' ? row.price_minor / 12 : row.price_minor;
        mrr.set(row.currency, (mrr.get(row.currency) ?? 0) + monthly);
        const entry = perPlan.get(row.plan_id) ?? {
          plan_id: row.plan_id,
          plan_name: row.plan_name,
          active: 0,
        };
        entry.active += 1;
        perPlan.set(row.plan_id, entry);
      }
      // Base: live 30 days ago, or started since; churned: ended within the 30 days.
      base += 1;
      if (row.ended_at !== null && row.ended_at >= since) canceled += 1;
    }
    return {
      mrr: [...mrr].map(([currency, amount]) => ({ currency, amount: Math.round(amount) })),
      active_per_plan: [...perPlan.values()].sort((a, b) => b.active - a.active),
      churn_30d: { canceled, base, rate: base === 0 ? null : canceled / base },
    };
  }
}
