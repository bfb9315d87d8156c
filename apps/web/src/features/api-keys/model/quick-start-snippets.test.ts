import { describe, expect, it } from 'vitest';
import { installCommand, quickStartSnippet, SNIPPET_LANGUAGES } from './quick-start-snippets';

const options = { baseUrl: 'https://parallax.example/v1', model: 'gpt-5-mini', stream: false };

describe('quick start snippets', () => {
  it('point every language at this app’s /v1 with the key from the environment', () => {
    for (const language of SNIPPET_LANGUAGES) {
      const text = quickStartSnippet(language, options);
      expect(text).toContain('https://parallax.example/v1');
      expect(text).toContain('gpt-5-mini');
      expect(text).toContain('PARALLAX_API_KEY');
      expect(text).not.toMatch(/stream/i);
    }
  });

  it('stream when asked, in each language’s own way', () => {
    const stream = { ...options, stream: true };
    expect(quickStartSnippet('curl', stream)).toMatch(/^curl -N /);
    expect(quickStartSnippet('curl', stream)).toContain('"stream": true');
    expect(quickStartSnippet('javascript', stream)).toContain('for await (const chunk of stream)');
    expect(quickStartSnippet('python', stream)).toContain('stream=True');
  });

  it('the curl body is valid JSON', () => {
    const body =
      /-d '([\s\S]*)'$/.exec(quickStartSnippet('curl', { ...options, stream: true }))?.[1] ?? '';
    expect(JSON.parse(body)).toEqual({
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'Hello!' }],
      stream: true,
    });
  });

  it('names the official package to install', () => {
    expect(installCommand('javascript')).toBe('npm install openai');
    expect(installCommand('python')).toBe('pip install openai');
    expect(installCommand('curl')).toBeNull();
  });
});
