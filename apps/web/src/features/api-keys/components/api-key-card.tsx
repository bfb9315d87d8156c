import type { ApiKey } from '@parallax/contract';
import { Pencil } from 'lucide-react';
import { Badge } from '../../../ui/badge';
import { buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { UsageSparkline } from './usage-sparkline';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(iso: string | null, none: string): string {
  return iso === null ? none : DATE.format(new Date(iso));
}

const STATUS_TONE = { active: 'success', expired: 'warning', revoked: 'danger' } as const;
const STATUS_LABEL = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

function limitsText(key: ApiKey): string {
  const parts = [key.allowed_models === null ? 'All models' : key.allowed_models.join(', ')];
  if (key.monthly_token_budget !== null)
    parts.push(`${key.monthly_token_budget.toLocaleString()} tokens a month`);
  if (key.requests_per_minute !== null)
    parts.push(`${key.requests_per_minute.toLocaleString()} requests a minute`);
  return parts.join(' · ');
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate text-sm">{value}</dd>
    </div>
  );
}

interface ApiKeyCardProps {
  apiKey: ApiKey;
  onRename: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}

/** One key: its name and state, when it was made, used and ends, this month's use and its chart. */
export function ApiKeyCard({ apiKey: key, onRename, onRevoke }: ApiKeyCardProps) {
  const usable = key.status === 'active';
  return (
    <Card className="p-4 sm:p-5" aria-label={`API key ${key.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-medium">{key.name}</h3>
            <Badge tone={STATUS_TONE[key.status]}>{STATUS_LABEL[key.status]}</Badge>
          </div>
          <p className="mt-0.5 font-mono text-xs text-fg-muted">
            {key.prefix}…{key.last_four}
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            onClick={() => onRename(key)}
            aria-label={`Rename ${key.name}`}
          >
            <Pencil className="size-4" aria-hidden /> Rename
          </button>
          {usable && (
            <button
              type="button"
              className={buttonClasses('outline', 'sm', 'text-red-700 dark:text-red-300')}
              onClick={() => onRevoke(key)}
            >
              Revoke
            </button>
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Stat label="Created" value={formatDate(key.created_at, '')} />
        <Stat label="Last used" value={formatDate(key.last_used_at, 'Never')} />
        <Stat
          label={key.status === 'revoked' ? 'Revoked' : 'Expires'}
          value={
            key.status === 'revoked'
              ? formatDate(key.revoked_at, '')
              : formatDate(key.expires_at, 'Never')
          }
        />
        <Stat
          label="This month"
          value={`${key.requests_this_month.toLocaleString()} req · ${key.tokens_this_month.toLocaleString()} tokens`}
        />
      </dl>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <p className="min-w-0 text-xs text-fg-muted">{limitsText(key)}</p>
        <UsageSparkline days={key.daily_usage} />
      </div>
    </Card>
  );
}
