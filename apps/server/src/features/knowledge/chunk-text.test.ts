import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text';
import { searchTerms } from './search-terms';

describe('chunkText', () => {
  it('keeps a short text whole', () => {
    expect(chunkText('  One line.\r\n\r\n\r\n\r\nAnother.  ')).toEqual([
      { position: 0, text: 'One line.\n\nAnother.' },
    ]);
  });

  it('cuts at paragraph breaks, overlaps neighbours, and loses no word', () => {
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i} ${'word '.repeat(20)}end${i}.`,
    );
    const chunks = chunkText(paragraphs.join('\n\n'), 400, 80);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(400);
    for (let i = 0; i < 30; i++) expect(chunks.some((c) => c.text.includes(`end${i}.`))).toBe(true);
    // Each chunk but the first begins with the tail of the one before.
    for (let i = 1; i < chunks.length; i++) {
      const head = chunks[i]?.text.slice(0, 20) ?? '';
      expect(chunks[i - 1]?.text).toContain(head);
    }
  });

  it('splits text without any break at the size', () => {
    const chunks = chunkText('x'.repeat(1000), 300, 50);
    expect(chunks.every((c) => c.text.length <= 300)).toBe(true);
    expect(chunks.at(-1)?.text.endsWith('x')).toBe(true);
  });
});

describe('searchTerms', () => {
  it('keeps words only: no query syntax survives', () => {
    expect(searchTerms('What is "the" vault* -code OR NEAR(x:y)? \u0000 café')).toEqual([
      'vault',
      'code',
      'near',
      'café',
    ]);
    expect(searchTerms('?? -- ::')).toEqual([]);
  });
});
