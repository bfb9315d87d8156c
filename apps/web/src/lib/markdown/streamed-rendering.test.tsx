import type { Provider } from '@parallax/contract';
import fc from 'fast-check';
import { tests as commonmarkExamples } from 'commonmark-spec';
import type { Root } from 'hast';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Pluggable } from 'unified';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRAMMARS, registerGrammar, rehypeHighlightCode } from './highlight-code';
import { updateDocument, type MarkdownDocument } from './markdown-document';
import { blockPlugins, hastToReact, markdownToReact } from './markdown-to-react';
import { normalizeMathDelimiters } from './math-delimiters';
import rehypeKatexTree from './rehype-katex-tree';
import { EXTENSION_EXAMPLES } from './streamed-rendering.examples';

// The maths plugin the app loads (heavy-plugins.ts).
const KATEX: Pluggable = rehypeKatexTree;
const PLUGINS = blockPlugins(KATEX, rehypeHighlightCode);

const wholeDocument = unified().use(remarkParse).use(remarkGfm).use(remarkMath).use(remarkRehype, {
  allowDangerousHtml: true,
});

/** The reference: the whole answer through remark and rehype in one go, as one tree. */
function renderOnce(text: string, provider: Provider | null): string {
  const hast = wholeDocument.runSync(
    wholeDocument.parse(normalizeMathDelimiters(text, provider)),
  ) as Root;
  return renderToStaticMarkup(hastToReact(hast, PLUGINS));
}

/** What the renderer shows for a document: its blocks, separated as remark-rehype separates them. */
function renderBlocks(document: MarkdownDocument): string {
  return document.inputs
    .map((input) => renderToStaticMarkup(markdownToReact(input, PLUGINS)))
    .filter((html) => html !== '')
    .join('\n');
}

/** Chunk lengths like a model's stream: mostly a few characters, sometimes one, sometimes a line. */
const CHUNK = fc.oneof(
  { weight: 2, arbitrary: fc.constant(1) },
  { weight: 10, arbitrary: fc.integer({ min: 1, max: 8 }) },
  { weight: 1, arbitrary: fc.integer({ min: 8, max: 48 }) },
);

/** Where each chunk ends, for four seeded chunkings (replayable) and, for short texts, one per character. */
function chunkings(text: string, seed: number): number[][] {
  const runs = fc.sample(fc.array(CHUNK, { minLength: text.length, maxLength: text.length }), {
    seed,
    numRuns: 4,
  });
  const result = runs.map((sizes) => {
    const ends: number[] = [];
    for (let at = 0, index = 0; at < text.length; index += 1) {
      at = Math.min(at + (sizes[index] ?? 1), text.length);
      ends.push(at);
    }
    return ends;
  });
  if (text.length <= 200) result.push(Array.from({ length: text.length }, (_, i) => i + 1));
  return result;
}

function stream(
  text: string,
  ends: readonly number[],
  provider: Provider | null,
  onStep?: (prefix: string, document: MarkdownDocument) => void,
): MarkdownDocument {
  let document = updateDocument(null, '', provider);
  for (const end of ends) {
    document = updateDocument(document, text.slice(0, end), provider);
    onStep?.(text.slice(0, end), document);
  }
  return document;
}

interface Example {
  name: string;
  markdown: string;
  provider: Provider | null;
}

const COMMONMARK: Example[] = commonmarkExamples.map((example) => ({
  name: `CommonMark ${example.number} (${example.section})`,
  markdown: example.markdown.replace(/→/g, '\t'),
  provider: null,
}));

/**
 * The final render matches for every chunking; for the first, so does what the reader sees at
 * every step while the answer streams.
 */
function expectStreamedEqualsOnce({ markdown, provider }: Example, seed: number): void {
  const expected = renderOnce(markdown, provider);
  chunkings(markdown, seed).forEach((ends, run) => {
    const checkStep =
      run === 0
        ? (prefix: string, document: MarkdownDocument) =>
            expect(renderBlocks(document), `after ${JSON.stringify(prefix)}`).toBe(
              renderOnce(prefix, provider),
            )
        : undefined;
    const html = renderBlocks(stream(markdown, ends, provider, checkStep));
    expect(html, `chunk ends ${JSON.stringify(ends)}`).toBe(expected);
  });
}

beforeAll(() => {
  for (const grammar of GRAMMARS) registerGrammar(grammar);
});

/*
 * An example checked one character at a time renders a few hundred documents twice: on a
 * loaded machine CommonMark 14 (175 characters) took 5.5–9.4 s, past vitest's 5 s default.
 */
const EXAMPLE_TIMEOUT_MS = 30_000;

describe('streamed markdown renders as the whole document does', () => {
  it.each(COMMONMARK.map((example, index) => [example.name, example, index] as const))(
    '%s',
    (_name, example, index) => expectStreamedEqualsOnce(example, index),
    EXAMPLE_TIMEOUT_MS,
  );

  it.each(EXTENSION_EXAMPLES.map((example, index) => [example.name, example, index] as const))(
    '%s',
    (_name, example, index) => expectStreamedEqualsOnce(example, 10_000 + index),
    EXAMPLE_TIMEOUT_MS,
  );
});
