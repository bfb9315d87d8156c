import type { ApiKey } from '@parallax/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiKeyCard } from './api-key-card';

function key(overrides: Partial<ApiKey> = {}): ApiKey {
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    requests: i === 29 ? 3 : 0,
    tokens: i === 29 ? 420 : 0,
  }));
  return {
    id: 'key_1',
    name: 'Laptop scripts',
    prefix: 'plx_Ab3d',
    last_four: 'wxyz',
    status: 'active',
    created_at: '2026-11-01T10:00:00.000Z',
    last_used_at: null,
    expires_at: null,
    revoked_at: null,
    allowed_models: null,
    monthly_token_budget: null,
    requests_per_minute: null,
    requests_this_month: 3,
    tokens_this_month: 420,
    daily_usage: days,
    ...overrides,
  };
}

describe('an API key card', () => {
  it('shows the masked key, this month’s use, the limits and a labelled 30-day chart', () => {
    render(
      <ApiKeyCard
        apiKey={key({ allowed_models: ['gpt-5-mini'], requests_per_minute: 60 })}
        onRename={() => {}}
        onRevoke={() => {}}
      />,
    );
    expect(screen.getByText('plx_Ab3d…wxyz')).toBeInTheDocument();
    // Never used, never expires.
    expect(screen.getAllByText('Never')).toHaveLength(2);
    expect(screen.getByText('3 req · 420 tokens')).toBeInTheDocument();
    expect(screen.getByText('gpt-5-mini · 60 requests a minute')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Last 30 days: 420 tokens on 1 day' }),
    ).toBeInTheDocument();
  });

  it('offers revoke only while the key works', () => {
    const onRevoke = vi.fn();
    const { rerender } = render(
      <ApiKeyCard apiKey={key()} onRename={() => {}} onRevoke={onRevoke} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(onRevoke).toHaveBeenCalledWith(expect.objectContaining({ id: 'key_1' }));
    rerender(
      <ApiKeyCard
        apiKey={key({ status: 'revoked', revoked_at: '2026-11-20T10:00:00.000Z' })}
        onRename={() => {}}
        onRevoke={onRevoke}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(screen.getByText('Revoked', { selector: 'span' })).toBeInTheDocument();
  });
});
