import type { Element, ElementContent, Nodes, Root as HastRoot } from 'hast';
import type { FootnoteReference, Root } from 'mdast';
import type { Math } from 'mdast-util-math';
import { defaultHandlers, toHast, type Handlers, type State } from 'mdast-util-to-hast';
import { visit } from 'unist-util-visit';
import { endsInOpenMath } from './unclosed-math';

/** Footnote calls of the document before a block: their order of first call, and call counts. */
export interface FootnoteNumbering {
  order: readonly string[];
  counts: ReadonlyMap<string, number>;
}

/**
 * What one block of an answer renders from. `tree` holds the definitions the block uses,
 * wherever in the document they are, then the block's own nodes. A `footnotes` block is the
 * list of footnotes that ends the document.
 */
export interface BlockInput {
  kind: 'body' | 'footnotes';
  /** The markdown the block comes from: it tells which heavy plugins the block needs. */
  source: string;
  tree: Root;
  numbering: FootnoteNumbering | null;
}

function isFootnoteSection(node: ElementContent | HastRoot['children'][number]): node is Element {
  return (
    node.type === 'element' &&
    node.tagName === 'section' &&
    node.properties.dataFootnotes !== undefined
  );
}

/** Footnote calls numbered as if the blocks before this one had been converted in the same run. */
function numberedCalls(numbering: FootnoteNumbering): Partial<Handlers> {
  const seeded = new WeakSet<State>();
  return {
    footnoteReference(state: State, node: FootnoteReference) {
      if (!seeded.has(state)) {
        seeded.add(state);
        state.footnoteOrder.push(...numbering.order);
        for (const [id, count] of numbering.counts) state.footnoteCounts.set(id, count);
      }
      return defaultHandlers.footnoteReference(state, node);
    },
  };
}

function lastMathBlock(tree: Root): Math | null {
  let last: Math | null = null;
  visit(tree, 'math', (node) => {
    last = node;
  });
  return last;
}

/**
 * A math block still waiting for its closing fence shows its LaTeX as plain pending text: KaTeX
 * would show half a formula as a red error until the rest arrives.
 */
function pendingMath(open: Math): Partial<Handlers> {
  return {
    math(state: State, node: Math) {
      if (node === open) {
        const pending: Element = {
          type: 'element',
          tagName: 'p',
          properties: { className: ['math-pending'], dataMathPending: '' },
          children: [{ type: 'text', value: node.value.replace(/^\n+/, '') }],
        };
        state.patch(node, pending);
        return pending;
      }
      const element: Element = { type: 'element', tagName: 'div', properties: {}, children: [] };
      state.patch(node, element);
      // remark-math's `hName`/`hChildren` make this the <pre><code class="math-display">.
      return state.applyData(node, element);
    },
  };
}

/** The id mdast-util-to-hast gives every footnote list's heading, whatever the prefix. */
const FOOTNOTE_LABEL = 'footnote-label';

/**
 * Gives the footnote heading the prefix the other footnote ids have, in its id and in the calls'
 * aria-describedby: two answers on one page must not share an id.
 */
function prefixFootnoteLabel(tree: Nodes, idPrefix: string): void {
  visit(tree, 'element', (node: Element) => {
    if (node.properties.id === FOOTNOTE_LABEL) node.properties.id = idPrefix + FOOTNOTE_LABEL;
    const describedBy = node.properties.ariaDescribedBy;
    if (Array.isArray(describedBy))
      node.properties.ariaDescribedBy = describedBy.map((id) =>
        id === FOOTNOTE_LABEL ? idPrefix + id : id,
      );
  });
}

/**
 * A block as hast, as remark-rehype converts it inside a whole document: a body block without
 * the footnote list (that is the last block's), the footnotes block with nothing else. The end
 * of a `streaming` answer may hold a math block whose closing fence is still on its way.
 * `idPrefix` starts every footnote id and link (remark-rehype's `user-content-` without it): one
 * per answer, so the footnotes of two answers on a page link to their own notes.
 */
export function blockToHast(input: BlockInput, streaming = false, idPrefix?: string): HastRoot {
  const open = streaming && endsInOpenMath(input.source) ? lastMathBlock(input.tree) : null;
  const handlers = {
    ...(input.numbering ? numberedCalls(input.numbering) : {}),
    ...(open ? pendingMath(open) : {}),
  };
  // Raw HTML is kept as `raw` nodes only to be turned into text later: never markup.
  const result = toHast(input.tree, {
    allowDangerousHtml: true,
    handlers,
    ...(idPrefix === undefined ? {} : { clobberPrefix: idPrefix }),
  });
  if (idPrefix !== undefined) prefixFootnoteLabel(result, idPrefix);
  const children = result.type === 'root' ? result.children : [];
  const footer = children.findIndex(isFootnoteSection);
  if (input.kind === 'footnotes')
    return { type: 'root', children: footer === -1 ? [] : [children[footer]!] };
  // The footer follows a line break text node that separates it from the body.
  if (footer !== -1) children.splice(footer - 1, 2);
  return { type: 'root', children };
}
