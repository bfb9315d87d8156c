import type { Definition, FootnoteDefinition, FootnoteReference, Nodes, RootContent } from 'mdast';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { parseBlock, type DefinedLabels } from './parse-block';

/** One top-level block of a document, parsed, with what it defines and calls. */
export interface ParsedBlock {
  source: string;
  /** The source as labels are compared (`normalizeIdentifier`): a label it uses is a substring. */
  mentions: string;
  /** Labels defined in the document that the block may use, and was parsed with. */
  labels: DefinedLabels;
  /** `labels` as a string, to compare. */
  labelsKey: string;
  nodes: RootContent[];
  definitions: Definition[];
  footnoteDefinitions: FootnoteDefinition[];
  /** Footnote calls outside footnote definitions, in document order. */
  calls: FootnoteReference[];
}

export function labelOf(node: Definition | FootnoteDefinition): string {
  return normalizeIdentifier(node.label ?? node.identifier);
}

/**
 * The labels of `defined` that `mentions` may use. A superset is harmless: the key only decides
 * when a block must be parsed again.
 */
export function relevantLabels(mentions: string, defined: DefinedLabels): DefinedLabels {
  return {
    links: defined.links.filter((label) => mentions.includes(label)),
    footnotes: defined.footnotes.filter((label) => mentions.includes(label)),
  };
}

export function labelsKey(labels: DefinedLabels): string {
  if (labels.links.length === 0 && labels.footnotes.length === 0) return '';
  return JSON.stringify([labels.links, labels.footnotes]);
}

function collect(nodes: readonly Nodes[], block: ParsedBlock, inFootnote: boolean): void {
  for (const node of nodes) {
    if (node.type === 'definition') block.definitions.push(node);
    else if (node.type === 'footnoteDefinition') block.footnoteDefinitions.push(node);
    else if (node.type === 'footnoteReference' && !inFootnote) block.calls.push(node);
    if ('children' in node)
      collect(node.children, block, inFootnote || node.type === 'footnoteDefinition');
  }
}

/** The labels that `nodes` define. */
export function definedIn(nodes: RootContent[]): DefinedLabels {
  const found = toParsedBlock('', nodes, { links: [], footnotes: [] }, '');
  return {
    links: [...new Set(found.definitions.map(labelOf))],
    footnotes: [...new Set(found.footnoteDefinitions.map(labelOf))],
  };
}

export function toParsedBlock(
  source: string,
  nodes: RootContent[],
  labels: DefinedLabels,
  mentions?: string,
): ParsedBlock {
  const block: ParsedBlock = {
    source,
    mentions: mentions ?? normalizeIdentifier(source),
    labels,
    labelsKey: labelsKey(labels),
    nodes,
    definitions: [],
    footnoteDefinitions: [],
    calls: [],
  };
  collect(nodes, block, false);
  return block;
}

/** The block parsed again, now that the document defines `defined`. */
export function reparse(block: ParsedBlock, defined: DefinedLabels): ParsedBlock {
  const labels = relevantLabels(block.mentions, defined);
  return toParsedBlock(
    block.source,
    parseBlock(block.source, labels).children,
    labels,
    block.mentions,
  );
}
