import { describe, expect, it } from 'vitest';
import { providerLabel, unavailableText } from './model-labels';

describe('model labels', () => {
  it('labels the offline demo as built in, not by the wire format it speaks', () => {
    expect(providerLabel({ provider: 'openai', is_demo: true })).toBe('Built-in');
    expect(providerLabel({ provider: 'openai', is_demo: false })).toBe('OpenAI');
  });

  it('tells users the model is not available here, and admins which setting is missing', () => {
    const model = { available: false, unavailable_reason: 'OPENAI_API_KEY is not set' };
    expect(unavailableText(model, false)).toBe('Not available on this server');
    expect(unavailableText(model, true)).toBe(
      'Not available on this server (OPENAI_API_KEY is not set)',
    );
    expect(unavailableText({ available: true, unavailable_reason: null }, true)).toBeNull();
  });
});
