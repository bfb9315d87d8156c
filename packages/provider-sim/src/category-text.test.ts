import { ARENA_CLASSIFY_PROMPT } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { composeCategories, isCategoryRequest, simCategoriesFor } from './category-text';

describe('category requests', () => {
  it('are recognised by the app instruction and answered with a JSON array', () => {
    const prompt = `${ARENA_CLASSIFY_PROMPT}\n\nPrompt:\nWrite a python function that tests a prime`;
    expect(isCategoryRequest(prompt)).toBe(true);
    expect(isCategoryRequest('Write a python function')).toBe(false);
    expect(JSON.parse(composeCategories(prompt))).toEqual(['coding', 'maths']);
  });

  it('classify by predictable rules, hard prompts by length or breadth', () => {
    expect(simCategoriesFor('Write a haiku about autumn')).toEqual(['creative_writing']);
    expect(simCategoriesFor('Translate this to French')).toEqual(['language']);
    expect(simCategoriesFor('hello')).toEqual([]);
    expect(simCategoriesFor('x'.repeat(301))).toEqual(['hard_prompts']);
  });
});
