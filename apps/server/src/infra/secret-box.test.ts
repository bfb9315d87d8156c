import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    const sealed = box.seal('sk-live-secret-value', 'provider-api-key:openai');
    expect(sealed).not.toContain('sk-live');
    expect(box.seal('sk-live-secret-value', 'provider-api-key:openai')).not.toBe(sealed);
    expect(box.open(sealed, 'provider-api-key:openai')).toBe('sk-live-secret-value');
  });

  it('refuses another context, another key and an altered value', () => {
    const sealed = box.seal('sk-live-secret-value', 'provider-api-key:openai');
    expect(box.open(sealed, 'provider-api-key:anthropic')).toBeUndefined();
    expect(
      new SecretBox(randomBytes(32).toString('base64')).open(sealed, 'provider-api-key:openai'),
    ).toBeUndefined();
    // The second-to-last character carries only real bits (the last may hold padding bits).
    const swapped = sealed.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${sealed.slice(0, -2)}${swapped}${sealed.slice(-1)}`;
    expect(altered).not.toBe(sealed);
    expect(box.open(altered, 'provider-api-key:openai')).toBeUndefined();
  });
});
