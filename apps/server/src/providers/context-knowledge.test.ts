import { describe, expect, it } from 'vitest';
import { buildContext, estimateTokens, type KnowledgeExcerpt } from './context';

const model = { friendlyName: 'Test Model', contextWindow: 2_000, supportsVision: false };

/** Excerpt `i` of about `tokens` tokens; its text starts with its number. */
function excerpt(i: number, tokens: number): KnowledgeExcerpt {
  return {
    fileId: `f${i % 2}`,
    filename: `file-${i % 2}.md`,
    text: `${i}:${'abcd'.repeat(tokens)}`,
  };
}
const order = (used: readonly KnowledgeExcerpt[]) => used.map((e) => Number(e.text.split(':')[0]));

describe('buildContext with project knowledge', () => {
  it('adds the best excerpts after the instructions, within half of the room left', () => {
    const built = buildContext({
      model,
      system: 'Be brief.',
      knowledge: Array.from({ length: 10 }, (_, i) => excerpt(i, 150)),
      history: [],
      message: 'hello',
      reserveOutputTokens: 500,
    });
    // 1,500 tokens of budget, ~5 used: knowledge gets at most ~747, so 4 excerpts of ~160.
    expect(order(built.knowledgeUsed)).toEqual([0, 1, 2, 3]);
    expect(built.system?.startsWith('Be brief.\n\n<project_files>')).toBe(true);
    expect(built.system).toContain('<excerpt file="file-1.md">\n1:abcd');
    expect(estimateTokens(built.system ?? '')).toBeLessThanOrEqual(750);
    expect(built.estimatedTokens).toBeLessThanOrEqual(1_500);
  });

  it('leaves the recent turns their room, and skips an excerpt too long for what is left', () => {
    const built = buildContext({
      model,
      knowledge: [excerpt(0, 900), excerpt(1, 100)],
      history: [
        { role: 'user', content: 'abcd'.repeat(300) },
        { role: 'assistant', content: 'abcd'.repeat(300) },
      ],
      message: 'hello',
      reserveOutputTokens: 500,
    });
    expect(order(built.knowledgeUsed)).toEqual([1]);
    expect(built.droppedTurns).toBe(0);
    expect(built.estimatedTokens).toBeLessThanOrEqual(1_500);
  });

  it('sends no knowledge block when nothing fits or nothing matched', () => {
    const none = buildContext({ model, system: 'Hi', knowledge: [], history: [], message: 'x' });
    expect(none.system).toBe('Hi');
    expect(none.knowledgeUsed).toEqual([]);
  });
});
