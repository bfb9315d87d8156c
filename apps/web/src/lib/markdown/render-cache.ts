import type { Provider } from '@parallax/contract';
import type { ReactElement } from 'react';
import type { BlockInput } from './block-to-hast';
import type { MarkdownDocument } from './markdown-document';
import type { BlockPlugins } from './markdown-to-react';

/**
 * Finished answers as they were last rendered, so an answer scrolled out of a virtualised list
 * and back in renders at once, at the height it had, instead of parsing and typesetting again.
 * Kept only for finished texts (a streaming one changes with every token), and only the most
 * recently used ones.
 */
const MAX_DOCUMENTS = 400;

const documents = new Map<string, MarkdownDocument>();

const documentKey = (text: string, provider: Provider | null) => `${provider ?? ''}\u0000${text}`;

/** The parsed document of a finished text rendered before, if it is still kept. */
export function cachedDocument(text: string, provider: Provider | null): MarkdownDocument | null {
  const key = documentKey(text, provider);
  const document = documents.get(key);
  if (!document) return null;
  // Most recently used last: a Map keeps insertion order, so the oldest is dropped first.
  documents.delete(key);
  documents.set(key, document);
  return document;
}

/** Keeps a finished text's whole document (not a prefix still being parsed). */
export function keepDocument(document: MarkdownDocument, provider: Provider | null): void {
  const key = documentKey(document.math.text, provider);
  documents.delete(key);
  documents.set(key, document);
  if (documents.size > MAX_DOCUMENTS) {
    const oldest = documents.keys().next().value;
    if (oldest !== undefined) documents.delete(oldest);
  }
}

interface RenderedBlock {
  plugins: BlockPlugins;
  idPrefix: string;
  element: ReactElement;
}

/**
 * The blocks' elements, the most recently rendered ones. A Map, not a WeakMap: thousands of
 * weak entries whose values hold React trees made every full garbage collection a long task.
 */
const MAX_BLOCKS = 4_000;
const blocks = new Map<BlockInput, RenderedBlock>();

/** The elements of a finished block rendered before with these plugins and ids. */
export function cachedBlock(
  input: BlockInput,
  plugins: BlockPlugins,
  idPrefix: string,
): ReactElement | null {
  const kept = blocks.get(input);
  return kept && kept.plugins === plugins && kept.idPrefix === idPrefix ? kept.element : null;
}

export function keepBlock(
  input: BlockInput,
  plugins: BlockPlugins,
  idPrefix: string,
  element: ReactElement,
): void {
  blocks.delete(input);
  blocks.set(input, { plugins, idPrefix, element });
  if (blocks.size > MAX_BLOCKS) {
    const oldest = blocks.keys().next().value;
    if (oldest !== undefined) blocks.delete(oldest);
  }
}
