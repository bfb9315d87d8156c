/** What the shortcuts dialog lists; the handlers live where the action does. */
export const SHORTCUTS: ReadonlyArray<{ keys: readonly string[]; action: string }> = [
  { keys: ['Enter'], action: 'Send the message' },
  { keys: ['Shift', 'Enter'], action: 'New line in the message' },
  { keys: ['Esc'], action: 'Stop the answer being written' },
  { keys: ['Ctrl/⌘', 'K'], action: 'Search chats and answers' },
  { keys: ['Ctrl/⌘', 'Shift', 'O'], action: 'New chat' },
  { keys: ['Ctrl/⌘', 'B'], action: 'Collapse or expand the sidebar' },
  { keys: ['Ctrl/⌘', '.'], action: 'Choose the model' },
  { keys: ['Shift', 'Esc'], action: 'Focus the message box' },
  { keys: ['?'], action: 'Show these shortcuts' },
];

export type ShortcutCommand =
  'search' | 'new-chat' | 'focus-composer' | 'show-shortcuts' | 'toggle-sidebar';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** True while typing somewhere a "?" is text, not a command. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(
    target.type,
  );
}

function isRichText(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null
  );
}

/** The app-wide command a key press asks for, if any. */
export function commandFor(event: KeyLike, target: EventTarget | null): ShortcutCommand | null {
  const key = event.key.toLowerCase();
  // Works from inside text fields too: the composer is where people are when they want it.
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && key === 'k')
    return 'search';
  if ((event.ctrlKey || event.metaKey) && event.shiftKey && key === 'o') return 'new-chat';
  // Not in rich text, where Ctrl/⌘+B means bold; a plain text box has no use for it.
  if (
    (event.ctrlKey || event.metaKey) &&
    !event.shiftKey &&
    !event.altKey &&
    key === 'b' &&
    !isRichText(target)
  )
    return 'toggle-sidebar';
  if (event.shiftKey && key === 'escape' && !event.ctrlKey && !event.metaKey)
    return 'focus-composer';
  if (
    event.key === '?' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !isTextField(target)
  )
    return 'show-shortcuts';
  return null;
}
