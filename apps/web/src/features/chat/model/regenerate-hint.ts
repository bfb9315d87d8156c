/** At or below this many messages left, the regenerate button says that it spends one. */
export const FEW_MESSAGES_LEFT = 5;

/** The regenerate button's tooltip: a regenerate spends a message like a send. */
export function regenerateHint(remaining: number | null): string {
  if (remaining === null || remaining > FEW_MESSAGES_LEFT) return 'Regenerate';
  if (remaining === 0) return 'Regenerate (no messages left today)';
  return `Regenerate (uses 1 of your ${remaining} message${remaining === 1 ? '' : 's'} left today)`;
}
