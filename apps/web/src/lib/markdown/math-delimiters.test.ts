import { describe, expect, it } from 'vitest';
import { normalizeMathDelimiters } from './math-delimiters';

describe('normalizeMathDelimiters', () => {
  it('turns \\[ \\] and \\( \\) into $$ and $ for openai, anthropic and grok', () => {
    for (const provider of ['openai', 'anthropic', 'grok'] as const) {
      const out = normalizeMathDelimiters('Area \\(\\pi r^2\\) and\n\\[E = mc^2\\]', provider);
      expect(out).toBe('Area $\\pi r^2$ and\n\n$$\nE = mc^2\n$$\n');
    }
  });

  it('keeps dollar amounts literal where dollars are not math delimiters', () => {
    expect(normalizeMathDelimiters('It costs $5, or \\(x\\)', 'openai')).toBe(
      'It costs \\$5, or $x$',
    );
    expect(normalizeMathDelimiters('From $5 to $10', 'anthropic')).toBe('From \\$5 to \\$10');
  });

  it('leaves gemini and google text alone: they already use $$ and $', () => {
    const text = 'Inline $x^2$ and \\(not math\\) stays';
    expect(normalizeMathDelimiters(text, 'gemini')).toBe(text);
    expect(normalizeMathDelimiters(text, 'google')).toBe(text);
  });

  it('never touches code blocks or inline code', () => {
    const text = 'Use `\\(x\\)` here:\n```latex\n\\[ a \\]\n```\nthen \\(y\\)';
    expect(normalizeMathDelimiters(text, 'anthropic')).toBe(
      'Use `\\(x\\)` here:\n```latex\n\\[ a \\]\n```\nthen $y$',
    );
  });
});
