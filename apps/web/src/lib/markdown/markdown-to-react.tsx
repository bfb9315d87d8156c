import type { Nodes, Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ComponentProps, ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform } from 'react-markdown';
import { unified, type Pluggable } from 'unified';
import { visit } from 'unist-util-visit';
import { blockToHast, type BlockInput } from './block-to-hast';
import { CodeBlock } from './code-block';

function Link({ node: _node, href, children, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  // The URL filter empties unsafe hrefs (javascript:, data:…): what is left is plain text.
  if (!href) return <span>{children}</span>;
  // A footnote call or back-reference stays on the page: it does not leave the app.
  if (href.startsWith('#'))
    return (
      <a {...props} href={href}>
        {children}
      </a>
    );
  // Spec §5: links leave the app in a new tab and do not hand it a window.opener.
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Table({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) {
  return (
    <div className="my-3 overflow-x-auto">
      <table {...props} />
    </div>
  );
}

const COMPONENTS: Partial<Components> = { a: Link, pre: CodeBlock, table: Table };

/** Which heavy rehype plugins a block is rendered with (null: not needed or not loaded). */
export interface BlockPlugins {
  math: Pluggable | null;
  code: Pluggable | null;
}

type Processor = ReturnType<typeof createProcessor>;

const pluginSets = new Map<Pluggable | null, Map<Pluggable | null, BlockPlugins>>();

/** The same object for the same plugins, so a block can tell by identity what it rendered with. */
export function blockPlugins(math: Pluggable | null, code: Pluggable | null): BlockPlugins {
  let byCode = pluginSets.get(math);
  if (!byCode) pluginSets.set(math, (byCode = new Map()));
  let set = byCode.get(code);
  if (!set) byCode.set(code, (set = Object.freeze({ math, code })));
  return set;
}

/** The rehype plugins of a block, after remark-rehype. */
function createProcessor({ math, code }: BlockPlugins) {
  const rehype: Pluggable[] = [];
  if (math) rehype.push(math);
  if (code) rehype.push(code);
  return unified().use(rehype).freeze();
}

/*
 * Setting a processor up runs every plugin's attacher (the highlighter): react-markdown does that
 * on every render. Here each plugin set is set up once.
 */
const processors = new Map<Pluggable | null, Map<Pluggable | null, Processor>>();

function processorFor(plugins: BlockPlugins): Processor {
  let byCode = processors.get(plugins.math);
  if (!byCode) processors.set(plugins.math, (byCode = new Map()));
  let processor = byCode.get(plugins.code);
  if (!processor) byCode.set(plugins.code, (processor = createProcessor(plugins)));
  return processor;
}

/**
 * What react-markdown does after its plugins, and what keeps model output harmless: raw HTML
 * becomes text, and URL attributes go through its filter, which empties javascript:, data: and
 * other unsafe links. This is the text sanitiser of spec §5, and the only one: the renderer
 * never hands an HTML string to the DOM (no innerHTML; every element is built by React from
 * this tree), so there is no markup for an HTML sanitiser such as DOMPurify to clean.
 */
function neutralise(tree: Root): void {
  visit(tree, (node: Nodes, index, parent) => {
    if (node.type === 'raw' && parent && typeof index === 'number') {
      parent.children[index] = { type: 'text', value: node.value };
      return index;
    }
    if (node.type !== 'element') return;
    for (const [attribute, tags] of Object.entries(urlAttributes)) {
      if (!Object.hasOwn(node.properties, attribute)) continue;
      if (tags === null || tags.includes(node.tagName))
        node.properties[attribute] = defaultUrlTransform(String(node.properties[attribute] ?? ''));
    }
    return undefined;
  });
}

function isRoot(node: { type: string }): node is Root {
  return node.type === 'root';
}

/** Markdown converted to hast (remark-rehype's output) as React elements, sanitised. */
export function hastToReact(hast: Root, plugins: BlockPlugins): ReactElement {
  const result = processorFor(plugins).runSync(hast);
  // Both heavy plugins change the tree in place; one that returns a new root is honoured too.
  const tree = isRoot(result) ? result : hast;
  neutralise(tree);
  return toJsxRuntime(tree, {
    Fragment,
    components: COMPONENTS,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode: true,
  });
}

/** One block of a document as React elements, sanitised; `idPrefix` as in blockToHast. */
export function markdownToReact(
  input: BlockInput,
  plugins: BlockPlugins,
  streaming = false,
  idPrefix?: string,
): ReactElement {
  return hastToReact(blockToHast(input, streaming, idPrefix), plugins);
}
