import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitleFor, useDocumentTitle } from './document-title';

describe('document title', () => {
  it('names the page before the app, or the app alone', () => {
    expect(documentTitleFor('Chats')).toBe('Chats · Parallax');
    expect(documentTitleFor('  ')).toBe('Parallax');
    expect(documentTitleFor(null)).toBe('Parallax');
  });

  it('follows the page name and leaves it alone while unknown', () => {
    const { rerender } = renderHook(({ page }: { page: string | null }) => useDocumentTitle(page), {
      initialProps: { page: 'A chat about caching' as string | null },
    });
    expect(document.title).toBe('A chat about caching · Parallax');
    rerender({ page: null });
    expect(document.title).toBe('A chat about caching · Parallax');
  });
});
