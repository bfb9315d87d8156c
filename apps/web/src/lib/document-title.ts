import { useEffect } from 'react';

export const APP_NAME = 'Parallax';

/** "<page> · Parallax", or the app's name alone when the page has no name (yet). */
export function documentTitleFor(page: string | null | undefined): string {
  const name = page?.trim();
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/** Names the browser tab after what is on screen; null leaves the current name in place. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    if (page !== null) document.title = documentTitleFor(page);
  }, [page]);
}
