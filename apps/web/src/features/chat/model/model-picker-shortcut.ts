interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Ctrl/⌘+. opens the composer's model picker: no browser and no other shortcut of the app
 * uses it, and it works from inside the message box, where people are when they want it.
 */
export function isModelPickerShortcut(event: KeyLike): boolean {
  return (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key === '.';
}

export const MODEL_PICKER_SHORTCUT_LABEL = 'Ctrl/⌘+.';
