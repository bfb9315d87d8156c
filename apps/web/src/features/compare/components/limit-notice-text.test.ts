import { describe, expect, it } from 'vitest';
import { limitAdvice } from './limit-notice-text';

describe('limitAdvice', () => {
  it('suggests as many models as are left, never fewer than two', () => {
    expect(limitAdvice(3, false)).toBe(
      'Choose 3 models or fewer, or come back when your allowance renews.',
    );
    expect(limitAdvice(1, false)).toBe(
      'A comparison needs at least 2 models, so it can run again when your allowance renews.',
    );
    expect(limitAdvice(0, false)).not.toMatch(/Choose/);
  });

  it('tells a visitor what signing up gives', () => {
    expect(limitAdvice(1, true)).toMatch(/Create a free account for a larger daily allowance\.$/);
  });
});
