import type { Definition, FootnoteDefinition, FootnoteReference } from 'mdast';
import type { BlockInput, FootnoteNumbering } from './block-to-hast';
import { labelOf, type ParsedBlock } from './parsed-block';

/** The footnotes block, and what it was made from. */
export interface FootnotesInput {
  key: string;
  input: BlockInput;
}

const bodyInputs = new WeakMap<ParsedBlock, { key: string; input: BlockInput }>();

function firstByLabel<T extends Definition | FootnoteDefinition>(
  lists: Iterable<readonly T[]>,
): Map<string, T> {
  const byLabel = new Map<string, T>();
  for (const list of lists)
    for (const node of list) if (!byLabel.has(labelOf(node))) byLabel.set(labelOf(node), node);
  return byLabel;
}

const callId = (call: FootnoteReference) => String(call.identifier).toUpperCase();

/**
 * The render input of every block, then of the footnotes: the same object as last time for a
 * block whose parse and context are unchanged, so its rendering stays memoised. A block's
 * context is the definitions it uses, wherever they are (the first of a label wins), and the
 * numbers its footnote calls get from the calls before it.
 */
export function blockInputs(
  blocks: readonly ParsedBlock[],
  previousFootnotes: FootnotesInput | null,
) {
  const definitions = firstByLabel(blocks.map((block) => block.definitions));
  const order: string[] = [];
  const counts = new Map<string, number>();
  const inputs: BlockInput[] = [];
  for (const block of blocks) {
    const used = block.labels.links.flatMap((label) => definitions.get(label) ?? []);
    let numbering: FootnoteNumbering | null = null;
    let numberingKey: unknown = null;
    if (block.calls.length > 0) {
      numbering = { order: [...order], counts: new Map(counts) };
      numberingKey = [
        order.length,
        block.calls.map((call) => [order.indexOf(callId(call)), counts.get(callId(call))]),
      ];
      for (const call of block.calls) {
        const id = callId(call);
        if (!counts.has(id)) order.push(id);
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    const key =
      used.length === 0 && !numbering
        ? ''
        : JSON.stringify([
            used.map((node) => [node.identifier, node.url, node.title]),
            numberingKey,
          ]);
    const cached = bodyInputs.get(block);
    if (cached?.key === key) {
      inputs.push(cached.input);
      continue;
    }
    const input: BlockInput = {
      kind: 'body',
      source: block.source,
      tree: { type: 'root', children: [...used, ...block.nodes] },
      numbering,
    };
    bodyInputs.set(block, { key, input });
    inputs.push(input);
  }
  const footnotes = footnotesInput(blocks, [...definitions.values()], previousFootnotes);
  if (footnotes) inputs.push(footnotes.input);
  return { inputs, footnotes };
}

/** The list of footnotes that ends the document, numbered by the order of their first call. */
function footnotesInput(
  blocks: readonly ParsedBlock[],
  definitions: Definition[],
  previous: FootnotesInput | null,
): FootnotesInput | null {
  const calls = blocks.flatMap((block) => block.calls);
  if (calls.length === 0) return null;
  const defining = blocks.filter((block) => block.footnoteDefinitions.length > 0);
  const key = JSON.stringify([
    calls.map(callId),
    defining.map((block) => [block.source, block.labelsKey]),
    definitions.map((node) => [node.identifier, node.url, node.title]),
  ]);
  if (previous?.key === key) return previous;
  return {
    key,
    input: {
      kind: 'footnotes',
      source: defining.map((block) => block.source).join('\n\n'),
      tree: {
        type: 'root',
        children: [
          { type: 'paragraph', children: calls },
          ...defining.flatMap((block) => block.footnoteDefinitions),
          ...definitions,
        ],
      },
      numbering: null,
    },
  };
}
