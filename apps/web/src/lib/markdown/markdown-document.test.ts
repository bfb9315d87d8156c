import { describe, expect, it } from 'vitest';
import { updateDocument, type MarkdownDocument } from './markdown-document';

function grow(steps: readonly string[]): MarkdownDocument[] {
  const documents: MarkdownDocument[] = [];
  let previous: MarkdownDocument | null = null;
  for (const text of steps) {
    previous = updateDocument(previous, text, null);
    documents.push(previous);
  }
  return documents;
}

const sources = (document: MarkdownDocument) => document.inputs.map((input) => input.source);

describe('updateDocument', () => {
  it('cuts at the top-level blocks the parser finds, not at every blank line', () => {
    const [document] = grow([
      '- one\n\n  still one\n\n- two\n\nText.\n\n    code\n\n\n    more code\n\nEnd.\n',
    ]);
    expect(sources(document!)).toEqual([
      '- one\n\n  still one\n\n- two',
      'Text.',
      '    code\n\n\n    more code',
      'End.',
    ]);
  });

  it('settles a block once a blank line ends it, and keeps its input while the text grows', () => {
    const [first, second, third] = grow([
      'One.\n\nTwo.\n\nThr',
      'One.\n\nTwo.\n\nThree.\n\nFo',
      'One.\n\nTwo.\n\nThree.\n\nFour.',
    ]);
    expect(first!.settled.map((block) => block.source)).toEqual(['One.', 'Two.']);
    expect(second!.inputs[0]).toBe(first!.inputs[0]);
    expect(second!.inputs[1]).toBe(first!.inputs[1]);
    expect(third!.inputs.slice(0, 3)).toEqual(second!.inputs.slice(0, 3));
    expect(third!.inputs[2]).toBe(second!.inputs[2]);
  });

  it('does not settle a list while the line after it may still become its next item', () => {
    const [partial, item, after] = grow([
      '1. one\n\n2',
      '1. one\n\n2. two\n',
      '1. one\n\n2. two\n\n    more\n\nEnd\n',
    ]);
    expect(partial!.settled).toEqual([]);
    expect(sources(after!)).toEqual(['1. one\n\n2. two\n\n    more', 'End']);
    expect(sources(item!)).toEqual(['1. one\n\n2. two']);
  });

  it('renders an earlier block again when a definition it uses arrives later, and no other', () => {
    const [before, after] = grow([
      'See [docs].\n\nOther text.\n\n',
      'See [docs].\n\nOther text.\n\n[docs]: https://example.com\n',
    ]);
    expect(before!.inputs[0]!.tree.children.map((node) => node.type)).toEqual(['paragraph']);
    const linked = after!.inputs[0]!;
    expect(linked).not.toBe(before!.inputs[0]);
    expect(linked.tree.children[0]).toMatchObject({
      type: 'definition',
      url: 'https://example.com',
    });
    expect(after!.inputs[1]).toBe(before!.inputs[1]);
  });

  it('numbers footnote calls across blocks and lists the footnotes last', () => {
    const [document] = grow(['A[^x].\n\nB[^y] and [^x].\n\n[^y]: Why.\n\n[^x]: Ex.\n']);
    const [first, second, , , footnotes] = document!.inputs;
    expect(first!.numbering).toEqual({ order: [], counts: new Map() });
    expect(second!.numbering).toEqual({ order: ['X'], counts: new Map([['X', 1]]) });
    expect(footnotes!.kind).toBe('footnotes');
  });

  it('starts over when the text is replaced rather than extended', () => {
    const [, replaced] = grow(['One\n\nTwo\n\nThree', 'Other\n\nText']);
    expect(sources(replaced!)).toEqual(['Other', 'Text']);
  });
});
