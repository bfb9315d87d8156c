import type { Element, Root } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import rehypeKatex, { type Options as KatexOptions } from 'rehype-katex';
import { unified } from 'unified';
import { normalizeMathDelimiters, type Provider } from '@parallax/contract';
import { highlighter as lowlight } from './share-highlighter';

/*
 * Markdown to HTML for the shared page, rendered once on the server with the libraries the web
 * renderer uses (micromark + GFM + math, KaTeX, lowlight). The model's text is untrusted: raw
 * HTML is dropped, the tree is sanitised before KaTeX and the highlighter add their own
 * (trusted) markup, and links open outside without the page's referrer.
 */

/** GitHub's schema, plus the classes math and code blocks are recognised by. */
const schema: Schema = {
  ...defaultSchema,
  clobberPrefix: 'md-',
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-[\w+#.-]+$/, 'math-inline', 'math-display']],
  },
};

const KATEX_OPTIONS: KatexOptions = { strict: 'ignore' };
const katex = unified().use(rehypeKatex, KATEX_OPTIONS);

function walk(node: Root | Element, visit: (element: Element, parent: Root | Element) => void) {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child, node);
    walk(child, visit);
  }
}

function classesOf(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function highlight(tree: Root): void {
  walk(tree, (node, parent) => {
    if (node.tagName !== 'code' || parent.type !== 'element' || parent.tagName !== 'pre') return;
    const language = classesOf(node)
      .find((c) => c.startsWith('language-'))
      ?.slice('language-'.length);
    node.properties.className = ['hljs', ...classesOf(node)];
    if (!language || !lowlight.registered(language)) return;
    const text = node.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
    node.children = lowlight.highlight(language, text).children as Element['children'];
  });
}

function hardenLinks(tree: Root): void {
  walk(tree, (node) => {
    if (node.tagName !== 'a') return;
    node.properties.rel = ['nofollow', 'noopener', 'noreferrer', 'ugc'];
    node.properties.target = '_blank';
  });
}

/** The answer's or the question's markdown as safe HTML. */
export function renderMarkdown(text: string, provider: Provider | null): string {
  const mdast = fromMarkdown(normalizeMathDelimiters(text, provider), {
    extensions: [gfm(), math()],
    mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()],
  });
  const hast = sanitize(toHast(mdast), schema) as Root;
  hardenLinks(hast);
  const withMath = katex.runSync(hast) as Root;
  highlight(withMath);
  return toHtml(withMath);
}
