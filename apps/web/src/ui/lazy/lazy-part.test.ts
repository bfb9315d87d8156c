import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, useLazyPart } from './lazy-part';

describe('lazyPart', () => {
  it('fetches once, tells subscribers, and is readable synchronously afterwards', async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const part = lazyPart(importer);
    const listener = vi.fn();
    part.subscribe(listener);
    expect(part.current()).toBeNull();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect(a).toBe(b);
    expect(part.current()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch so that the next use tries again', async () => {
    const importer = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new Error('chunk 404'))
      .mockResolvedValueOnce({ ok: true });
    const part = lazyPart(importer);
    await expect(part.load()).rejects.toThrow('chunk 404');
    expect(part.current()).toBeNull();
    await expect(part.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('useLazyPart', () => {
  it('gives null first, fetches the part a moment after mount, then re-renders with it', async () => {
    vi.useFakeTimers();
    try {
      const importer = vi.fn(async () => ({ name: 'menu' }));
      const part = lazyPart(importer);
      const { result } = renderHook(() => useLazyPart(part));
      expect(result.current).toBeNull();
      expect(importer).not.toHaveBeenCalled();
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(importer).toHaveBeenCalledTimes(1);
      expect(result.current).toEqual({ name: 'menu' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not fetch on mount without warm', async () => {
    vi.useFakeTimers();
    try {
      const importer = vi.fn(async () => ({}));
      renderHook(() => useLazyPart(lazyPart(importer), false));
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(importer).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
