import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorLogger } from '../../lib/telemetry/error-logger';
import { ErrorBoundary } from './error-boundary';
import { MessageErrorBoundary } from './message-error-boundary';

let shouldThrow = true;
function Bomb() {
  if (shouldThrow) throw new Error('render exploded');
  return <p>recovered</p>;
}

beforeEach(() => {
  shouldThrow = true;
  // React logs caught render errors to console.error; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('error boundaries', () => {
  it('page level: title, user message, error ID and the three buttons', () => {
    const logger = createErrorLogger({ send: vi.fn(), beacon: () => true });
    render(
      <ErrorBoundary level="page" logger={logger}>
        <Bomb />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Page Error' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.getByText(/^err_[0-9a-f]{12}$/)).toBeInTheDocument();
    for (const name of ['Try Again', 'Reload Page', 'Go Home'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(logger.pending()).toBe(1);
  });

  it('Try Again resets the boundary', () => {
    render(
      <ErrorBoundary level="section">
        <Bomb />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Section Error' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload Page' })).toBeNull();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('recovered')).toBeInTheDocument();
  });

  it('component level is compact', () => {
    render(
      <ErrorBoundary level="component">
        <Bomb />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Component Error');
    expect(screen.getByText(/Error ID/)).toBeInTheDocument();
  });

  it('"Report this" opens a support ticket with the Error ID', () => {
    render(
      <ErrorBoundary level="section">
        <Bomb />
      </ErrorBoundary>,
    );
    const id = screen.getByText(/Error ID/).querySelector('code')?.textContent ?? '';
    expect(id).not.toBe('');
    expect(screen.getByRole('link', { name: 'Report this' })).toHaveAttribute(
      'href',
      `/support?new=1&error_id=${encodeURIComponent(id)}`,
    );
  });

  it('message fallback', () => {
    render(
      <MessageErrorBoundary>
        <Bomb />
      </MessageErrorBoundary>,
    );
    expect(screen.getByText('Message Error')).toBeInTheDocument();
    expect(screen.getByText('This message failed to display properly.')).toBeInTheDocument();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('recovered')).toBeInTheDocument();
  });
});
