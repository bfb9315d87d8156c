import type { Element, Root } from 'hast';
import { fromHtmlIsomorphic } from 'hast-util-from-html-isomorphic';
import { toHtml } from 'hast-util-to-html';
import katex from 'katex';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Pluggable } from 'unified';
import { describe, expect, it } from 'vitest';
import { FORMULAS } from './katex-corpus.examples';
import { katexInternals } from './katex-internals';
import { buildTreeToHast, katexToHast } from './katex-to-hast';
import { updateDocument } from './markdown-document';
import { blockPlugins, hastToReact, markdownToReact } from './markdown-to-react';
import rehypeKatexTree from './rehype-katex-tree';
import { renderToStaticMarkup } from 'react-dom/server';

const OPTIONS = { throwOnError: false, strict: 'ignore' } as const;

/** The old path: KaTeX's HTML string, parsed (parse5 here, as in node). */
function viaHtml(tex: string, displayMode: boolean): Root {
  return fromHtmlIsomorphic(katex.renderToString(tex, { ...OPTIONS, displayMode }), {
    fragment: true,
  });
}

/** KaTeX's build tree; a KaTeX without the internals fails here, not by going slow unseen. */
function buildTree(tex: string, displayMode: boolean, trust = false) {
  const render = katexInternals.__renderToDomTree;
  if (!render || !katexInternals.__domTree) throw new Error('KaTeX no longer exports its tree');
  return render(tex, { ...OPTIONS, displayMode, trust });
}

function label(tex: string): string {
  return tex.length > 60 ? `${tex.slice(0, 60)}…` : tex;
}

describe('katexToHast', () => {
  it('has a corpus of at least 60 formulas, inline and display', () => {
    expect(FORMULAS.length).toBeGreaterThanOrEqual(60);
    expect(FORMULAS.some((f) => f.display)).toBe(true);
    expect(FORMULAS.some((f) => !f.display)).toBe(true);
  });

  it.each(FORMULAS.map((f) => [f.display ? 'display' : 'inline', label(f.tex), f] as const))(
    '%s %s: the tree parsing renderToString gives, built from KaTeX’s own tree',
    (_mode, _label, { tex, display }) => {
      // Built node by node, not through the fallback.
      const built = buildTreeToHast(buildTree(tex, display));
      expect(built).not.toBeNull();
      const expected = viaHtml(tex, display);
      // Every class, style, attribute and text, in order: the markup React is given.
      expect(toHtml(katexToHast(tex, display))).toBe(toHtml(expected));
      // And the same properties, typed as the parser types them (className arrays, numbers…).
      expect({ type: 'root', children: [built] }).toEqual(expected);
    },
  );

  it('fails the comparison when a class or a style is dropped', () => {
    const built = katexToHast(String.raw`\frac{a}{b}`, true);
    const expected = toHtml(viaHtml(String.raw`\frac{a}{b}`, true));
    const withoutFirst = (name: string) => {
      const copy = structuredClone(built);
      const stack: Element[] = [copy];
      for (let node = stack.pop(); node; node = stack.pop()) {
        if (name in node.properties) {
          delete node.properties[name];
          break;
        }
        for (const child of node.children.toReversed())
          if (child.type === 'element') stack.push(child);
      }
      return copy;
    };
    expect(toHtml(built)).toBe(expected);
    expect(toHtml(withoutFirst('className'))).not.toBe(expected);
    expect(toHtml(withoutFirst('style'))).not.toBe(expected);
  });

  it('never makes a link or an image from untrusted \\href, \\url or \\includegraphics', () => {
    for (const tex of [
      String.raw`\href{https://example.com}{x}`,
      String.raw`\url{https://example.com}`,
      String.raw`\includegraphics{https://example.com/a.png}`,
    ]) {
      const html = toHtml(katexToHast(tex, false));
      expect(html).not.toMatch(/<a[\s>]/);
      expect(html).not.toMatch(/<img[\s>]/);
    }
  });

  it('takes the HTML string path for a node it does not know (an image, with trust on)', () => {
    const tree = buildTree(String.raw`\includegraphics{a.png}`, false, true);
    expect(buildTreeToHast(tree)).toBeNull();
  });
});

describe('rehypeKatexTree', () => {
  const markdown = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkRehype, { allowDangerousHtml: true });

  const DOCUMENT = [
    'Inline $E = mc^2$ and $\\frac{a}{b}$ in a sentence, with a broken one $\\frac{1}{$.',
    '',
    '$$',
    '\\int_0^1 x^2\\,dx = \\frac{1}{3} \\tag{1}',
    '$$',
    '',
    '```math',
    '\\begin{aligned} a &= b \\\\ c &= \\overbrace{d + e}^{2} \\end{aligned}',
    '```',
    '',
    '- a list item with $\\sqrt{2}$ and `code`',
    '',
    '| a | $b^2$ |',
    '|---|---|',
    '| $\\cancel{x}$ | $\\unknown$ |',
    '',
    '> quoted $$x^2$$ and',
    '>',
    '> $$',
    '> \\left( \\frac{a}{b} \\right)',
    '> $$',
    '',
    '1. a fence in a list:',
    '',
    '   ```math',
    '   \\sum_{i=1}^n i',
    '   ```',
    '',
    'Unicode $\\text{café 日本}$, an escape-worthy $a<b \\& c>d$, a link $\\href{https://x.org}{x}$.',
    '',
    '```js',
    'const notMath = 1;',
    '```',
  ].join('\n');

  function run(plugin: Pluggable): { hast: Root; html: string; react: string } {
    const hast = markdown.runSync(markdown.parse(DOCUMENT)) as Root;
    const typeset = unified().use([plugin]).runSync(hast) as Root;
    // The app's own last step (URL filter, raw as text, to React), with no further plugin.
    const react = renderToStaticMarkup(
      hastToReact(structuredClone(typeset), blockPlugins(null, null)),
    );
    return { hast: typeset, html: toHtml(typeset), react };
  }

  it('typesets a document as rehype-katex does: inline, display, ```math and errors', () => {
    const ours = run(rehypeKatexTree);
    const theirs = run([rehypeKatex, OPTIONS]);
    expect(ours.html).toContain('katex-display');
    expect(ours.html).toContain('katex-error');
    expect(ours.html).not.toContain('language-math');
    expect(ours.html).toBe(theirs.html);
    expect(ours.hast).toEqual(theirs.hast);
    expect(ours.react).toBe(theirs.react);
  });

  it('renders the same React markup through the app’s own block pipeline', () => {
    const document = updateDocument(null, DOCUMENT, null);
    const render = (plugin: Pluggable) =>
      document.inputs.map((input) =>
        renderToStaticMarkup(markdownToReact(input, blockPlugins(plugin, null))),
      );
    const ours = render(rehypeKatexTree);
    expect(ours.join('')).toContain('katex-display');
    expect(ours).toEqual(render([rehypeKatex, OPTIONS]));
  });

  it('reports a formula KaTeX could not parse, as rehype-katex does', async () => {
    const hast = markdown.runSync(markdown.parse('$\\frac{1}{$ and $x$'));
    const messages = await new Promise<unknown[]>((resolve, reject) =>
      unified()
        .use(rehypeKatexTree)
        .run(hast, undefined, (error, _tree, file) => {
          if (error || !file) reject(error ?? new Error('no file'));
          else resolve(file.messages.map((m) => [m.source, m.ruleId]));
        }),
    );
    expect(messages).toEqual([['rehype-katex-tree', 'parseerror']]);
  });
});
