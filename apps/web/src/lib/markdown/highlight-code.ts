import type { Element, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import { common, createLowlight } from 'lowlight';
import { visit } from 'unist-util-visit';

/*
 * Code highlighting for fenced blocks that name their language, as rehype-highlight does with
 * `detect: false`, but with one highlighter for the whole app: rehype-highlight builds a new one
 * (registering every grammar, ~10–40 ms) each time a processor is set up.
 */

const lowlight = createLowlight();

/** The grammars to register, one per call, so no single task pays for all of them. */
export const GRAMMARS = Object.entries(common);

export function registerGrammar([name, grammar]: (typeof GRAMMARS)[number]): void {
  if (!lowlight.registered(name)) lowlight.register(name, grammar);
}

function languageOf(node: Element): string | false | undefined {
  const classes = node.properties.className;
  if (!Array.isArray(classes)) return undefined;
  let name: string | undefined;
  for (const value of classes.map(String)) {
    if (value === 'no-highlight' || value === 'nohighlight') return false;
    if (!name && value.startsWith('lang-')) name = value.slice(5);
    if (!name && value.startsWith('language-')) name = value.slice(9);
  }
  return name;
}

/** Rehype plugin: `<pre><code class="language-x">` gets hljs token spans. */
export function rehypeHighlightCode() {
  return (tree: Root) => {
    visit(tree, 'element', (node, _index, parent) => {
      if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
      const language = languageOf(node);
      if (!language) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      if (!classes.includes('hljs')) classes.unshift('hljs');
      node.properties.className = classes;
      // An unknown language stays plain text, as with rehype-highlight.
      if (!lowlight.registered(language)) return;
      const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
      if (result.children.length > 0) node.children = result.children as Element['children'];
    });
  };
}
