import { describe, expect, it } from 'vitest';
import { validateEmail, validateRequired, validateUrl } from './validate';

describe('validators', () => {
  it('requires input', () => {
    expect(validateRequired('  ')).toBe('Input is required');
    expect(validateRequired('x')).toBeNull();
  });

  it('checks email per spec §5', () => {
    expect(validateEmail('')).toBe('Input is required');
    expect(validateEmail('a@b.co')).toBeNull();
    for (const bad of ['ab.co', 'a@b', 'a@@b.co', 'a b@c.io', 'a@b.co@d.io', '@b.co', 'a@.co']) {
      expect(validateEmail(bad), bad).toBe('Invalid email format');
    }
  });

  it('checks urls', () => {
    expect(validateUrl('')).toBe('Input is required');
    expect(validateUrl('https://example.com/x')).toBeNull();
    expect(validateUrl('not a url')).toBe('Invalid URL format');
    expect(validateUrl('javascript:alert(1)')).toBe('Invalid URL format');
  });
});
