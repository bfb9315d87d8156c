import { useEffect } from 'react';

/**
 * Escape stops the answer being written. An open dialog or menu claims Escape for itself
 * (Radix marks the event handled, and its content is a dialog/menu on the page), so closing
 * one never cancels an answer by surprise.
 */
export function useEscapeToStop(onStop: (() => void) | null) {
  useEffect(() => {
    if (!onStop) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.shiftKey || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      event.preventDefault();
      onStop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onStop]);
}
