import { useEffect, useState } from 'react';
import { openPalette } from '../../features/search';
import { COMPOSER_ELEMENT_ID } from '../layout/use-new-chat';
import { commandFor } from './keyboard-shortcuts';

/** Wires the app-wide shortcuts; returns the state of the "?" dialog. */
export function useGlobalShortcuts(newChat: () => void, toggleSidebar: () => void) {
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = commandFor(event, event.target);
      if (!command) return;
      event.preventDefault();
      if (command === 'search') openPalette();
      else if (command === 'new-chat') newChat();
      else if (command === 'show-shortcuts') setHelpOpen(true);
      else if (command === 'toggle-sidebar') toggleSidebar();
      else {
        const box = document.getElementById(COMPOSER_ELEMENT_ID);
        if (box) box.focus();
        else newChat();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [newChat, toggleSidebar]);
  return { helpOpen, setHelpOpen };
}
