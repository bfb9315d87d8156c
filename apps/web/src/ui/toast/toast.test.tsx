import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { toast, useToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.getState().clear();
});
afterEach(() => {
  vi.useRealTimers();
});

const count = () => useToastStore.getState().toasts.length;

describe('toasts', () => {
  it.each([
    ['success', 5000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)('%s toasts vanish after %i ms plus the 0.2 s exit animation', (type, ms) => {
    toast[type]('Title');
    expect(useToastStore.getState().toasts[0]?.duration).toBe(ms);
    act(() => void vi.advanceTimersByTime(ms - 1));
    expect(useToastStore.getState().toasts[0]?.leaving).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(useToastStore.getState().toasts[0]?.leaving).toBe(true);
    act(() => void vi.advanceTimersByTime(200));
    expect(count()).toBe(0);
  });

  it('honours a custom duration and keeps non-positive ones until dismissed', () => {
    toast.info('short', undefined, 1000);
    toast.info('sticky', undefined, 0);
    toast.warning('stickier', undefined, -1);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['sticky', 'stickier']);
  });

  it('renders title, message and type, and closes on the close button', () => {
    render(<Toaster />);
    act(() => void toast.error('Upload failed', 'The file is too large', 0));
    const item = screen.getByRole('alert');
    expect(item).toHaveTextContent('Upload failed');
    expect(item).toHaveTextContent('The file is too large');
    expect(item).toHaveAttribute('data-type', 'error');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('runs an action from its button, then closes', () => {
    render(<Toaster />);
    const onAction = vi.fn();
    act(
      () => void toast.warning('Are you still there?', undefined, 0, { label: 'Stay', onAction }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(onAction).toHaveBeenCalledOnce();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
