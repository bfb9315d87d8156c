import type { RootContent } from 'mdast';

/** Consecutive top-level nodes that render as one block, and the lines of source they span. */
export interface BlockGroup {
  start: number;
  end: number;
  nodes: RootContent[];
}

function offsets(node: RootContent): {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
} {
  const position = node.position;
  if (position?.start.offset === undefined || position.end.offset === undefined)
    throw new Error(`markdown node without a source position: ${node.type}`);
  return {
    start: position.start.offset,
    end: position.end.offset,
    startLine: position.start.line,
    endLine: position.end.line,
  };
}

/**
 * Groups the top-level nodes of a parse into blocks spanning whole lines. A definition and what
 * follows it on the next line are one block: they share one paragraph-like construct, and a
 * line added under the definition can still become its title.
 */
export function groupBlocks(source: string, nodes: readonly RootContent[]): BlockGroup[] {
  const groups: BlockGroup[] = [];
  let previous: { node: RootContent; endLine: number } | null = null;
  for (const node of nodes) {
    const at = offsets(node);
    const start = source.lastIndexOf('\n', at.start - 1) + 1;
    // A node may end with its line ending (an HTML block that runs to the end): then so does its
    // block, or a block reused by its source would lose it.
    const lineEnd = source.indexOf('\n', at.end);
    const end =
      at.end > 0 && source[at.end - 1] === '\n' ? at.end : lineEnd === -1 ? source.length : lineEnd;
    const last = groups.at(-1);
    const joined =
      last &&
      previous &&
      (start < last.end ||
        (previous.node.type === 'definition' && at.startLine <= previous.endLine + 1));
    if (last && joined) {
      last.end = Math.max(last.end, end);
      last.nodes.push(node);
    } else {
      groups.push({ start, end, nodes: [node] });
    }
    previous = { node, endLine: at.endLine };
  }
  return groups;
}
