import { useEffect, useState } from 'react';
import { COMPOSER_ELEMENT_ID } from '../layout/use-new-chat';
import { commandFor } from './keyboard-shortcuts';

/** Wires the app-wide shortcuts; returns the state of the "?" dialog. */
export function useGlobalShortcuts(newChat: () => void) {
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      // Ctrl/Cmd+K predates the listed shortcuts; kept so existing habits still work.
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        newChat();
        return;
      }
      const command = commandFor(event, event.target);
      if (!command) return;
      event.preventDefault();
      if (command === 'new-chat') newChat();
      else if (command === 'show-shortcuts') setHelpOpen(true);
      else {
        const box = document.getElementById(COMPOSER_ELEMENT_ID);
        if (box) box.focus();
        else newChat();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [newChat]);
  return { helpOpen, setHelpOpen };
}
