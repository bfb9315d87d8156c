import type { Provider } from '@parallax/contract';
import { memo, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import {
  heavyPlugins,
  loadHighlight,
  loadMath,
  subscribeHeavyPlugins,
  type HeavyPlugins,
} from './heavy-plugins';
import type { BlockInput } from './block-to-hast';
import { nextDocument } from './cold-steps';
import { blockPlugins, markdownToReact, type BlockPlugins } from './markdown-to-react';
import type { MarkdownDocument } from './markdown-document';
import { cachedBlock, cachedDocument, keepBlock, keepDocument } from './render-cache';
import { hasBudget, scheduleSlice, timed } from './slice-scheduler';

const HAS_MATH = /\$|\\\(|\\\[/;
const HAS_CODE = /```|~~~/;

function pluginsFor(text: string, loaded: HeavyPlugins): BlockPlugins {
  return blockPlugins(
    HAS_MATH.test(text) ? loaded.math : null,
    HAS_CODE.test(text) ? loaded.code : null,
  );
}

interface MarkdownBlockProps {
  input: BlockInput;
  loaded: HeavyPlugins;
  /** The block being written (or the one nearest the reader): it never waits for a slice. */
  last: boolean;
  /** The answer is still arriving, so this last block's math may not have closed yet. */
  streaming: boolean;
  /** Starts the answer's footnote ids: unique on the page. */
  idPrefix: string;
}

/**
 * One block of markdown, re-rendered only when its own text or the plugins it needs change.
 * The last block renders at once, and so does a finished one rendered before (kept in the
 * render cache: a row scrolled back into a long chat's view does not typeset again). Another one renders at once if the task still has budget,
 * and otherwise shows its text plainly until its slice; when KaTeX or the highlighter arrive
 * later, it upgrades in a slice of its own rather than all blocks in one task.
 */
const MarkdownBlock = memo(function MarkdownBlock({
  input,
  loaded,
  last,
  streaming,
  idPrefix,
}: MarkdownBlockProps) {
  const text = input.source;
  const writing = last && streaming;
  const wanted = pluginsFor(text, loaded);
  const [granted, setGranted] = useState<BlockPlugins | null>(() =>
    last || hasBudget() || cachedBlock(input, wanted, idPrefix) ? wanted : null,
  );
  const target = last ? wanted : granted;
  const element = useMemo(() => {
    if (!target) return null;
    if (writing) return timed(() => markdownToReact(input, target, true, idPrefix));
    const kept = cachedBlock(input, target, idPrefix);
    if (kept) return kept;
    const made = timed(() => markdownToReact(input, target, false, idPrefix));
    keepBlock(input, target, idPrefix, made);
    return made;
  }, [input, target, writing, idPrefix]);

  const needsMath = HAS_MATH.test(text) && !loaded.math;
  const needsCode = HAS_CODE.test(text) && !loaded.code;
  useEffect(() => {
    if (needsMath) void loadMath();
    if (needsCode) void loadHighlight();
  }, [needsMath, needsCode]);

  useEffect(() => {
    if (granted === wanted) return;
    // The last block already shows `wanted`: record it, so it stays when a block follows.
    if (last) {
      setGranted(wanted);
      return;
    }
    return scheduleSlice(() => flushSync(() => setGranted(wanted)));
  }, [granted, wanted, last]);

  return (
    element ?? (
      <p className="whitespace-pre-wrap" data-markdown-pending="">
        {text}
      </p>
    )
  );
});

export interface MarkdownRendererProps {
  text: string;
  provider?: Provider | null;
  /** More text is on its way: an unclosed math block at the end shows as plain pending text. */
  streaming?: boolean;
  /**
   * Names this text on the page (a message's key): its footnote ids derive from it, so a
   * finished answer rendered again (scrolled back into a list) reuses its kept elements.
   */
  stableId?: string | undefined;
}

/**
 * A finished text rendered before is taken as it was parsed; any other is parsed now, and a
 * finished one kept at once: a row rendered in a transition that React restarts (the reader
 * scrolled on) finds its document and blocks on the next attempt.
 */
function firstDocument(
  text: string,
  provider: Provider | null,
  streaming: boolean,
): MarkdownDocument {
  if (streaming) return nextDocument(null, text, provider);
  const kept = cachedDocument(text, provider);
  if (kept) return kept;
  const parsed = nextDocument(null, text, provider);
  keepDocument(parsed, provider);
  return parsed;
}

/**
 * Sanitised markdown in blocks: the top-level blocks the parser finds, then the footnotes. As a
 * text streams, only its unsettled end is parsed again and only the blocks whose source or
 * context changed re-render: the cost of a token stays flat.
 */
export default function MarkdownRenderer({
  text,
  provider = null,
  streaming = false,
  stableId,
}: MarkdownRendererProps) {
  const loaded = useSyncExternalStore(subscribeHeavyPlugins, heavyPlugins);
  const [state, setState] = useState(() => ({
    text,
    provider,
    document: firstDocument(text, provider, streaming),
  }));
  let current = state;
  if (state.text !== text || state.provider !== provider) {
    current = { text, provider, document: nextDocument(state.document, text, provider) };
    setState(current);
  }
  const { document } = current;
  const rest = text.slice(document.math.text.length);
  useEffect(() => {
    if (rest === '') return;
    // The next part of a text too long to parse in one task.
    return scheduleSlice(() =>
      flushSync(() =>
        setState((now) => ({
          ...now,
          document: nextDocument(now.document, now.text, now.provider),
        })),
      ),
    );
  }, [rest, document]);
  useEffect(() => {
    if (!streaming && rest === '') keepDocument(document, provider);
  }, [document, provider, rest, streaming]);
  const { inputs } = document;
  // user-content- as remark-rehype has it, then this answer's own part.
  const ownId = useId();
  const idPrefix = `user-content-${(stableId ?? ownId).replace(/[^\w-]/g, '')}-`;
  return (
    <>
      {inputs.map((input, index) => (
        // Index keys are right here: blocks only ever grow at the end while a text streams.
        <MarkdownBlock
          key={index}
          input={input}
          loaded={loaded}
          last={index === inputs.length - 1 && rest === ''}
          streaming={streaming}
          idPrefix={idPrefix}
        />
      ))}
      {rest !== '' && (
        <p className="whitespace-pre-wrap" data-markdown-pending="">
          {rest}
        </p>
      )}
    </>
  );
}
