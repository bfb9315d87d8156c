import type { McpHealth } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { healthLabel, healthRecheckMs, retryNote } from './health-label';

const health = (over: Partial<McpHealth>): McpHealth => ({
  state: 'connected',
  reason: null,
  since: null,
  retry_at: null,
  ...over,
});

describe('healthLabel', () => {
  it('names each state with a tone that says how it stands', () => {
    expect(healthLabel(health({ state: 'connected' }))).toEqual({
      text: 'Connected',
      tone: 'success',
    });
    expect(healthLabel(health({ state: 'needs_sign_in' }))).toEqual({
      text: 'Needs sign-in',
      tone: 'warning',
    });
    expect(healthLabel(health({ state: 'failing', reason: 'timed out' }))).toEqual({
      text: 'Failing',
      tone: 'danger',
    });
    expect(healthLabel(health({ state: 'idle' })).tone).toBe('neutral');
  });
});

describe('retryNote', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('says when a failing server is tried again', () => {
    expect(retryNote(health({ state: 'failing', retry_at: '2026-01-01T00:00:30Z' }), now)).toBe(
      'Retrying in 30 s',
    );
    expect(retryNote(health({ state: 'failing', retry_at: '2026-01-01T00:03:00Z' }), now)).toBe(
      'Retrying in 3 min',
    );
    expect(retryNote(health({ state: 'failing', retry_at: '2025-12-31T23:59:00Z' }), now)).toBe(
      'Retrying now',
    );
  });

  it('says nothing for a server that is not failing or has no retry due', () => {
    expect(
      retryNote(health({ state: 'connected', retry_at: '2026-01-01T00:00:30Z' }), now),
    ).toBeNull();
    expect(retryNote(health({ state: 'failing' }), now)).toBeNull();
  });
});

describe('healthRecheckMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads the health again just after the soonest retry, within 2 s to 1 min', () => {
    const failing = (retryAt: string) => health({ state: 'failing', retry_at: retryAt });
    expect(
      healthRecheckMs(
        [failing('2026-01-01T00:00:10Z'), failing('2026-01-01T00:00:05Z'), health({})],
        now,
      ),
    ).toBe(5_500);
    expect(healthRecheckMs([failing('2026-01-01T00:00:00.200Z')], now)).toBe(2_000);
    expect(healthRecheckMs([failing('2026-01-01T00:05:00Z')], now)).toBe(60_500);
  });

  it('does not poll while no server is failing', () => {
    expect(healthRecheckMs([health({}), health({ state: 'needs_sign_in' })], now)).toBe(false);
  });
});
