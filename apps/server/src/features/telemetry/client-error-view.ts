import type { Selectable } from 'kysely';
import {
  Breadcrumb,
  ERROR_SEVERITIES,
  parseJson,
  type ClientErrorReport,
  type ErrorSeverity,
} from '@parallax/contract';
import { z } from 'zod';
import type { ClientErrorLogsTable } from '../../db/schema';

// Stored columns are what the route accepted, but they are read back through the contract's
// schemas anyway: a row written by an older version must not break the admin view.
const Breadcrumbs = z.array(z.unknown());
const Measurements = z.record(z.string(), z.number());

function breadcrumbsOf(raw: string): ClientErrorReport['breadcrumbs'] {
  const list = Breadcrumbs.safeParse(parseJson(raw));
  if (!list.success) return [];
  return list.data.flatMap((item) => {
    const crumb = Breadcrumb.safeParse(item);
    return crumb.success ? [crumb.data] : [];
  });
}

const severityOf = (raw: string | null): ErrorSeverity | null =>
  ERROR_SEVERITIES.find((s) => s === raw) ?? null;

export function reportView(row: Selectable<ClientErrorLogsTable>): ClientErrorReport {
  const performance = Measurements.safeParse(parseJson(row.performance));
  return {
    error_id: row.client_id,
    type: row.error_type,
    severity: severityOf(row.severity),
    message: row.message,
    url: row.url,
    user_agent: row.user_agent,
    user_id: row.user_id,
    occurred_at: row.occurred_at,
    received_at: row.created_at,
    stack_trace: row.stack_trace,
    breadcrumbs: breadcrumbsOf(row.breadcrumbs),
    performance: performance.success ? performance.data : {},
  };
}
