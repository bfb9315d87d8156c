import { describe, expect, it } from 'vitest';
import { composeAnswer } from './answer-text';
import { countTokens } from './tokens';

const base = {
  prompt: 'How do I paginate a SQL query?',
  model: 'gpt-4o',
  math: 'latex-brackets',
  targetTokens: 300,
} as const;

describe('composeAnswer', () => {
  it('is a pure function of prompt and model', () => {
    expect(composeAnswer(base)).toBe(composeAnswer(base));
    expect(composeAnswer({ ...base, model: 'gpt-4.1' })).not.toBe(composeAnswer(base));
    expect(composeAnswer({ ...base, prompt: 'Something else' })).not.toBe(composeAnswer(base));
  });

  it('writes a heading, a list, a GFM table, a fenced code block and math', () => {
    const text = composeAnswer(base);
    expect(text).toMatch(/^## How do I paginate a SQL/);
    expect(text).toMatch(/\n- \*\*/);
    expect(text).toMatch(/\| --- \| --- \| --- \|/);
    expect(text).toMatch(/```[a-z]+\n[\s\S]+?\n```/);
    expect(text).toMatch(/\\\[\n.+\n\\\]/);
    expect(text).toMatch(/\\\(.+?\\\)/);
  });

  it('uses $$ and $ for the dollar-delimited providers', () => {
    const text = composeAnswer({ ...base, math: 'dollars' });
    expect(text).toMatch(/\$\$\n.+\n\$\$/);
    expect(text).not.toContain('\\[');
    expect(text).not.toContain('\\(');
  });

  it('stays within the target length, ending at a whole block', () => {
    for (const targetTokens of [60, 150, 600, 1_500]) {
      const text = composeAnswer({ ...base, targetTokens });
      expect(countTokens(text)).toBeLessThanOrEqual(targetTokens);
      expect(countTokens(text)).toBeGreaterThan(targetTokens / 3);
      expect((text.match(/```/g) ?? []).length % 2).toBe(0);
    }
  });

  it('cuts a first block that alone is longer than the target', () => {
    expect(countTokens(composeAnswer({ ...base, targetTokens: 3 }))).toBe(3);
  });
});
