import { LIMITS, LOG_CAPS, type Breadcrumb } from '@parallax/contract';
import { toScalarRecord, truncate } from './fit-to-caps';
import { redactRecord, redactText } from './redact';

export interface BreadcrumbTrail {
  add(category: string, message: string, data?: Record<string, unknown>): void;
  /** The latest crumbs, oldest first, at most the spec's cap. */
  snapshot(): Breadcrumb[];
}

/** What happened before an error (navigation, actions), kept to the spec's last 50. */
export function createBreadcrumbTrail(now: () => Date = () => new Date()): BreadcrumbTrail {
  const crumbs: Breadcrumb[] = [];
  return {
    add(category, message, data) {
      crumbs.push({
        timestamp: now().toISOString(),
        category: truncate(category, LOG_CAPS.typeChars) || 'other',
        message: truncate(redactText(message), LOG_CAPS.scalarChars),
        ...(data && { data: toScalarRecord(redactRecord(data)) }),
      });
      if (crumbs.length > LIMITS.breadcrumbCap)
        crumbs.splice(0, crumbs.length - LIMITS.breadcrumbCap);
    },
    snapshot: () => [...crumbs],
  };
}
