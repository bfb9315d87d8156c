import type { Provider } from '@parallax/contract';
import { memo, useEffect, useMemo, useSyncExternalStore, type ComponentProps } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './code-block';
import { heavyPlugins, loadHighlight, loadMath, subscribeHeavyPlugins } from './heavy-plugins';
import { normalizeMathDelimiters } from './math-delimiters';
import { splitMarkdownBlocks } from './split-blocks';

type RehypePlugins = NonNullable<Options['rehypePlugins']>;

const REMARK_PLUGINS: NonNullable<Options['remarkPlugins']> = [remarkGfm, remarkMath];

function Link({ node: _node, href, children, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  // The URL filter empties unsafe hrefs (javascript:, data:…): what is left is plain text.
  if (!href) return <span>{children}</span>;
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

const COMPONENTS: Components = { a: Link, pre: CodeBlock, table: Table };

/**
 * One block of markdown. Raw HTML in the text is rendered as text (no rehype-raw) and
 * react-markdown's URL filter drops javascript:, data: and other unsafe links, so model output
 * can never inject markup or script.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text, rehype }: { text: string; rehype: RehypePlugins }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={rehype} components={COMPONENTS}>
      {text}
    </ReactMarkdown>
  );
});

export interface MarkdownRendererProps {
  text: string;
  provider?: Provider | null;
}

const HAS_MATH = /\$|\\\(|\\\[/;
const HAS_CODE = /```|~~~/;

export default function MarkdownRenderer({ text, provider }: MarkdownRendererProps) {
  const plugins = useSyncExternalStore(subscribeHeavyPlugins, heavyPlugins);
  const rehype = useMemo(() => [...plugins.math, ...plugins.highlight], [plugins]);
  const needsMath = HAS_MATH.test(text);
  const needsCode = HAS_CODE.test(text);
  useEffect(() => {
    if (needsMath) void loadMath();
  }, [needsMath]);
  useEffect(() => {
    if (needsCode) void loadHighlight();
  }, [needsCode]);

  const blocks = useMemo(() => splitMarkdownBlocks(normalizeMathDelimiters(text, provider)), [text, provider]);
  return (
    <>
      {blocks.map((block, index) => (
        // Index keys are right here: blocks only ever grow at the end while a text streams.
        <MarkdownBlock key={index} text={block} rehype={rehype} />
      ))}
    </>
  );
}
