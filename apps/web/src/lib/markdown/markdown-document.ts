import type { Provider } from '@parallax/contract';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { blockInputs, type FootnotesInput } from './block-inputs';
import { groupBlocks, type BlockGroup } from './block-groups';
import type { BlockInput } from './block-to-hast';
import { normalizeIncrementally, type NormalizedText } from './normalize-incrementally';
import { parseBlock, type DefinedLabels } from './parse-block';
import {
  definedIn,
  labelOf,
  labelsKey,
  relevantLabels,
  reparse,
  toParsedBlock,
  type ParsedBlock,
} from './parsed-block';

/**
 * A streamed answer cut into its top-level markdown blocks, as the parser that renders them
 * finds them. `settled` blocks end before `settledEnd` of the normalised text, and no text
 * appended later changes them; only the blocks after them are parsed again as the text grows.
 */
export interface MarkdownDocument {
  math: NormalizedText;
  settled: ParsedBlock[];
  settledEnd: number;
  blocks: ParsedBlock[];
  defined: DefinedLabels;
  footnotes: FootnotesInput | null;
  /** What each block renders from, the footnotes last. */
  inputs: BlockInput[];
}

function definedBy(blocks: readonly ParsedBlock[]): DefinedLabels {
  const links = new Set<string>();
  const footnotes = new Set<string>();
  for (const block of blocks) {
    for (const node of block.definitions) links.add(labelOf(node));
    for (const node of block.footnoteDefinitions) footnotes.add(labelOf(node));
  }
  return { links: [...links], footnotes: [...footnotes] };
}

function union(a: DefinedLabels, b: DefinedLabels): DefinedLabels {
  return {
    links: [...new Set([...a.links, ...b.links])],
    footnotes: [...new Set([...a.footnotes, ...b.footnotes])],
  };
}

/** Blocks parsed with labels that the document no longer defines, or without ones it now does. */
function withLabels(blocks: ParsedBlock[], defined: DefinedLabels): ParsedBlock[] {
  let out = blocks;
  blocks.forEach((block, index) => {
    if (labelsKey(relevantLabels(block.mentions, defined)) === block.labelsKey) return;
    if (out === blocks) out = [...blocks];
    out[index] = reparse(block, defined);
  });
  return out;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Whether a blank line after the group ends it: not a list, footnote or indented code. */
function endsAtBlankLine(group: BlockGroup, tail: string): boolean {
  const last = group.nodes.at(-1);
  if (!last || last.type === 'list' || last.type === 'footnoteDefinition') return false;
  return last.type !== 'code' || FENCE.test(tail.slice(group.start, group.end));
}

/**
 * How many groups of the parse settle: a group does once what follows it can no longer change
 * it. That is so when the next group has a whole first line in the final part of the text
 * (until then the line could still join it: `2` becoming `2.`, the next item of a list), or when
 * a blank line in the final part ends it.
 */
function settledGroups(
  tail: string,
  groups: readonly BlockGroup[],
  offset: number,
  stable: number,
): number {
  let count = 0;
  while (count + 1 < groups.length) {
    const group = groups[count]!;
    const next = groups[count + 1]!.start;
    const lineEnd = tail.indexOf('\n', next);
    const lineIsFinal = lineEnd !== -1 && offset + lineEnd < stable;
    const blankLineEnds =
      offset + next <= stable &&
      tail.slice(group.end, next).includes('\n\n') &&
      endsAtBlankLine(group, tail);
    if (!lineIsFinal && !blankLineEnds) break;
    count += 1;
  }
  return count;
}

/**
 * The document for `text`, reusing `previous` (any earlier result, or null) as far as `text`
 * extends its text: as an answer streams, a token costs a parse of the unsettled end only.
 */
export function updateDocument(
  previous: MarkdownDocument | null,
  text: string,
  provider: Provider | null,
): MarkdownDocument {
  const math = normalizeIncrementally(previous?.math ?? null, text, provider);
  const source = math.normalized;
  let settled: ParsedBlock[] = [];
  let settledEnd = 0;
  if (
    previous &&
    previous.math.provider === provider &&
    source.startsWith(previous.math.normalized.slice(0, previous.settledEnd))
  ) {
    settled = previous.settled;
    settledEnd = previous.settledEnd;
  }

  const tail = source.slice(settledEnd);
  const tailMentions = normalizeIdentifier(tail);
  const seed = relevantLabels(tailMentions, definedBy(settled));
  const groups = groupBlocks(tail, parseBlock(tail, seed).children);
  const tailLabels = union(seed, definedIn(groups.flatMap((group) => group.nodes)));

  // A block that was being written keeps its identity when it is unchanged, settled or not.
  const before = new Map<string, ParsedBlock>();
  for (const block of previous?.blocks.slice(previous.settled.length) ?? [])
    before.set(`${block.labelsKey}\n${block.source}`, block);
  const tailBlocks = groups.map((group) => {
    const blockSource = tail.slice(group.start, group.end);
    const mentions = normalizeIdentifier(blockSource);
    const labels = relevantLabels(mentions, tailLabels);
    return (
      before.get(`${labelsKey(labels)}\n${blockSource}`) ??
      toParsedBlock(blockSource, group.nodes, labels, mentions)
    );
  });

  const count = settledGroups(tail, groups, settledEnd, math.head.length);
  if (count > 0) {
    settled = settled.concat(tailBlocks.slice(0, count));
    settledEnd += groups[count]!.start;
  }
  const unsettled = tailBlocks.slice(count);

  // The blocks parsed in this call already know every label the document defines; earlier
  // ones are checked again only when that changed.
  const defined = definedBy(settled.concat(unsettled));
  if (previous && labelsKey(defined) !== labelsKey(previous.defined))
    settled = withLabels(settled, defined);
  const blocks = settled.concat(unsettled);
  const { inputs, footnotes } = blockInputs(blocks, previous?.footnotes ?? null);
  return { math, settled, settledEnd, blocks, defined, footnotes, inputs };
}
