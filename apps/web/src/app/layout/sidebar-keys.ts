const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** A Ctrl/⌘ shortcut as this keyboard labels it: "⌘K" on Apple devices, "Ctrl K" elsewhere. */
export function modKeyLabel(key: string): string {
  return IS_APPLE ? `⌘${key}` : `Ctrl ${key}`;
}
