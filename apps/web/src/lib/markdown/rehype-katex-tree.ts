import type { Element, ElementContent, Parents, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import type { Plugin } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { katexToHast } from './katex-to-hast';

/*
 * rehype-katex (7.0.1) with the hast built from KaTeX's own tree (katex-to-hast) instead of
 * parsing katex.renderToString's HTML: the same elements are typeset, into the same tree.
 * KaTeX's options are fixed (throwOnError false, strict 'ignore'), as the app always set them.
 */

const MATH_CLASSES = ['language-math', 'math-display', 'math-inline'];

function classesOf(node: Element): readonly unknown[] {
  const { className } = node.properties;
  return Array.isArray(className) ? className : [];
}

/** A ```math fence: remark-rehype's `<pre><code class="language-math">`, typeset as a whole. */
function isMathFence(node: Element): boolean {
  return (
    node.tagName === 'pre' &&
    node.children.some(
      (child) =>
        child.type === 'element' &&
        child.tagName === 'code' &&
        classesOf(child).includes('language-math'),
    )
  );
}

/** What rehype-katex shows for an error KaTeX does not render itself (not a ParseError). */
function errorSpan(tex: string, error: unknown): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: ['katex-error'], style: 'color:#cc0000', title: String(error) },
    children: [{ type: 'text', value: tex }],
  };
}

function isKatexError(node: Element): boolean {
  return classesOf(node).includes('katex-error');
}

const rehypeKatexTree: Plugin<[], Root> = function () {
  return function (tree, file) {
    visit(tree, 'element', (node: Element, index, parent: Parents | undefined) => {
      if (!parent || index === undefined) return undefined;
      const classes = classesOf(node);
      const math = classes.some((name) => MATH_CLASSES.includes(String(name)));
      // rehype-katex meets the fence's <code> and typesets its <pre> whole, in display mode.
      const fence = !math && isMathFence(node);
      if (!math && !fence) return undefined;
      const displayMode = fence || classes.includes('math-display');
      const tex = toText(node, { whitespace: 'pre' });
      let result: ElementContent;
      try {
        result = katexToHast(tex, displayMode);
        // KaTeX rendered a parse error itself: rehype-katex reports those too.
        if (isKatexError(result))
          file.message('Could not render math with KaTeX', {
            ancestors: [parent, node],
            place: node.position,
            ruleId: 'parseerror',
            source: 'rehype-katex-tree',
          });
      } catch (error) {
        const cause = error instanceof Error ? error : new Error(String(error));
        file.message('Could not render math with KaTeX', {
          ancestors: [parent, node],
          cause,
          place: node.position,
          ruleId: cause.name.toLowerCase(),
          source: 'rehype-katex-tree',
        });
        result = errorSpan(tex, error);
      }
      parent.children[index] = result;
      return SKIP;
    });
  };
};

export default rehypeKatexTree;
