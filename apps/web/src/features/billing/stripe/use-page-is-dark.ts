import { useSyncExternalStore } from 'react';
import { pageIsDark } from './elements-appearance';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Follows the theme class on <html>, so Stripe's iframes switch theme with the page. */
export function usePageIsDark(): boolean {
  return useSyncExternalStore(subscribe, pageIsDark, () => false);
}
