import type { McpHealth, McpToolPolicy } from '@parallax/contract';

export type HealthTone = 'success' | 'warning' | 'danger' | 'neutral';

/**
 * A server's connection state in words and a badge tone. A failing server's reason is the
 * server's own safe text; it is shown under the badge, not in it.
 */
export function healthLabel(health: McpHealth): { text: string; tone: HealthTone } {
  switch (health.state) {
    case 'connected':
      return { text: 'Connected', tone: 'success' };
    case 'connecting':
      return { text: 'Connecting…', tone: 'neutral' };
    case 'needs_sign_in':
      return { text: 'Needs sign-in', tone: 'warning' };
    case 'failing':
      return { text: 'Failing', tone: 'danger' };
    case 'idle':
      return { text: 'Not connected yet', tone: 'neutral' };
  }
}

/** "Retrying in 2 min" while a failing server waits for its next attempt; null otherwise. */
export function retryNote(health: McpHealth, now: number): string | null {
  if (health.state !== 'failing' || health.retry_at === null) return null;
  const seconds = Math.round((Date.parse(health.retry_at) - now) / 1_000);
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Retrying now';
  return seconds < 60 ? `Retrying in ${seconds} s` : `Retrying in ${Math.round(seconds / 60)} min`;
}

const RECHECK_MIN_MS = 2_000;
const RECHECK_MAX_MS = 60_000;

/**
 * How soon to read the servers' health again: a little after the earliest retry of a failing
 * server (the server reconnects on its own timer), within 2 s to 1 min; false when none fails.
 */
export function healthRecheckMs(healths: readonly McpHealth[], now: number): number | false {
  const retries = healths.flatMap((h) =>
    h.state === 'failing' && h.retry_at !== null ? [Date.parse(h.retry_at) - now] : [],
  );
  if (retries.length === 0) return false;
  const soonest = Math.min(...retries.filter(Number.isFinite), RECHECK_MAX_MS);
  return Math.max(RECHECK_MIN_MS, soonest + 500);
}

export const POLICY_LABELS: Record<McpToolPolicy, string> = {
  always_ask: 'Always ask',
  ask_once: 'Ask once per chat',
  always_allow: 'Always allow',
};
