import {
  Activity,
  AlertTriangle,
  Bug,
  CreditCard,
  LayoutDashboard,
  MessageSquare,
  Radio,
  Users,
  Wallet,
} from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { formatPrice } from '../../billing';
import { Card } from '../../../ui/card';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useAdminDashboard } from '../api/admin-dashboard';
import { AdminPage } from '../../../ui/admin-page';
import { TimeSeriesChart } from './time-series-chart';

function Figure({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: typeof Users;
  label: string;
  value: number | ReactNode;
  note?: string;
}) {
  return (
    <Card className="p-4">
      <div className="flex items-center gap-2 text-sm text-fg-muted">
        <Icon className="size-4" aria-hidden />
        {label}
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums">
        {typeof value === 'number' ? value.toLocaleString() : value}
      </p>
      {note && <p className="mt-1 text-xs text-fg-muted">{note}</p>}
    </Card>
  );
}

/** /admin: the figures an operator checks first, and 30 days of them. */
export function AdminDashboardScreen() {
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  const days = useMemo(() => data?.series.map((d) => d.day) ?? [], [data]);
  const activity = useMemo(
    () => [
      { label: 'Messages', colour: '#6366f1', values: data?.series.map((d) => d.messages) ?? [] },
      { label: 'New users', colour: '#10b981', values: data?.series.map((d) => d.new_users) ?? [] },
    ],
    [data],
  );
  const errors = useMemo(
    () => [
      {
        label: 'Upstream errors',
        colour: '#ef4444',
        values: data?.series.map((d) => d.upstream_errors) ?? [],
      },
      {
        label: 'Client errors',
        colour: '#f59e0b',
        values: data?.series.map((d) => d.client_errors) ?? [],
      },
    ],
    [data],
  );

  return (
    <AdminPage title="Admin dashboard" description="How the service is doing now and over 30 days.">
      {dashboard.isLoading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : dashboard.isError ? (
        <LoadFailed
          icon={LayoutDashboard}
          title="Could not load the dashboard"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      ) : data ? (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            <Figure icon={Users} label="Users" value={data.users_total} />
            <Figure icon={Users} label="New in 7 days" value={data.users_new_7d} />
            <Figure icon={MessageSquare} label="Messages today" value={data.messages_today} />
            <Figure icon={Radio} label="Live streams" value={data.live_streams} />
            <Figure
              icon={AlertTriangle}
              label="Upstream errors, 24 h"
              value={data.upstream_errors_24h}
            />
            <Figure icon={Bug} label="Client errors, 24 h" value={data.client_errors_24h} />
            <Figure
              icon={Wallet}
              label="MRR"
              note="Active subscriptions × plan price"
              value={
                data.mrr.length === 0
                  ? formatPrice(0, 'usd')
                  : data.mrr.map((row) => (
                      <span key={row.currency} className="block">
                        {formatPrice(row.amount, row.currency)}
                      </span>
                    ))
              }
            />
            <Figure
              icon={CreditCard}
              label="Paying subscriptions"
              value={data.paying_subscriptions}
            />
          </div>
          <Card className="p-4">
            <h2 className="mb-3 flex items-center gap-2 font-medium">
              <Activity className="size-4" aria-hidden /> Activity, 30 days
            </h2>
            <TimeSeriesChart days={days} series={activity} label="Messages and new users per day" />
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 flex items-center gap-2 font-medium">
              <AlertTriangle className="size-4" aria-hidden /> Errors, 30 days
            </h2>
            <TimeSeriesChart
              days={days}
              series={errors}
              label="Upstream and client errors per day"
            />
          </Card>
        </div>
      ) : null}
    </AdminPage>
  );
}
