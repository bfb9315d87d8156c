import { describe, expect, it } from 'vitest';
import { FEW_MESSAGES_LEFT, regenerateHint } from './regenerate-hint';

describe('regenerateHint', () => {
  it('says a regenerate spends a message only when few are left', () => {
    expect(regenerateHint(null)).toBe('Regenerate');
    expect(regenerateHint(FEW_MESSAGES_LEFT + 1)).toBe('Regenerate');
    expect(regenerateHint(FEW_MESSAGES_LEFT)).toBe(
      `Regenerate (uses 1 of your ${FEW_MESSAGES_LEFT} messages left today)`,
    );
    expect(regenerateHint(1)).toBe('Regenerate (uses 1 of your 1 message left today)');
    expect(regenerateHint(0)).toBe('Regenerate (no messages left today)');
  });
});
