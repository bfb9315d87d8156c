import type { AdminToolSettings } from '@parallax/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToolsForm } from './tools-card';

const SETTINGS: AdminToolSettings = {
  web_search_provider: 'brave',
  web_search_base_url: null,
  web_search_api_key_set: true,
  web_search_api_key_last4: '7788',
  web_search_ready: true,
  web_search_problem: null,
  max_steps: 8,
  tool_timeout_seconds: 20,
  plans: [
    { plan_id: 'free', plan_name: 'Free', archived: false, web_search: true, read_page: true },
    { plan_id: 'pro', plan_name: 'Pro', archived: false, web_search: true, read_page: false },
  ],
  updated_at: '2026-11-29T12:00:00.000Z',
};

function renderForm(settings = SETTINGS) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToolsForm settings={settings} />
    </QueryClientProvider>,
  );
}

describe('the Tools card', () => {
  it('shows the key only by its last 4, the provider, the bounds and every plan', () => {
    renderForm();
    expect(screen.getByLabelText('Search provider')).toHaveValue('brave');
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(screen.getByLabelText('API key')).toHaveAttribute(
      'placeholder',
      expect.stringContaining('7788'),
    );
    expect(screen.getByLabelText('Steps per answer')).toHaveValue(8);
    expect(screen.getByText('Web search ready')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: 'Read a web page' })).toHaveLength(2);
  });

  it('names the field of a value out of bounds, under that field, without saving', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Steps per answer'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Tool timeout (seconds)'), {
      target: { value: '500' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Steps per answer')).toHaveAccessibleDescription(
      expect.stringContaining('max_steps: must be at least 1'),
    );
    expect(screen.getByLabelText('Tool timeout (seconds)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/tool_timeout_seconds: must be at most 120/)).toBeInTheDocument();
  });

  it('hides the key for SearXNG and warns that switching drops the saved key', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Search provider'), { target: { value: 'searxng' } });
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(screen.getByLabelText('Instance URL')).toBeInTheDocument();
    expect(screen.getByText(/removes the current key/)).toBeInTheDocument();
  });
});
