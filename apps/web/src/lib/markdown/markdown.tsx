import type { Provider } from '@parallax/contract';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../cn';
import type { MarkdownRendererProps } from './markdown-renderer';
import './markdown.css';

type Renderer = (props: MarkdownRendererProps) => ReactNode;

let renderer: Renderer | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches the parser. Screens whose answers come back whole (a reopened comparison) call it
 * when they load, so their answers render as markdown from their first paint.
 */
export function preloadMarkdown(): Promise<void> {
  loading ??= import('./markdown-renderer').then((module) => {
    renderer = module.default;
    for (const listener of listeners) listener();
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Where frames never come (a hidden tab), the parser is fetched after this long instead.
const NO_FRAME_FALLBACK_MS = 200;

/**
 * Runs `callback` once the frame being prepared has painted: a requestAnimationFrame callback
 * runs before the paint, a task it queues runs after it. React may run a passive effect in the
 * same task as the commit that shows the screen, so the effect alone is not late enough.
 */
function afterNextPaint(callback: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const fallback = setTimeout(run, NO_FRAME_FALLBACK_MS);
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => setTimeout(run, 0))
      : null;
  return () => {
    done = true;
    clearTimeout(fallback);
    if (frame !== null) cancelAnimationFrame(frame);
  };
}

/**
 * The parser once it is loaded. Otherwise it is fetched once the screen's first content has
 * painted, never in the task that shows it: the chat route's initial-JS budget counts what is
 * fetched before first content, and the answer waits unseen (never as raw markdown) meanwhile.
 */
function useRenderer(): Renderer | null {
  const loaded = useSyncExternalStore(subscribe, () => renderer);
  useEffect(() => {
    if (loaded) return;
    return afterNextPaint(() => void preloadMarkdown());
  }, [loaded]);
  return loaded;
}

export interface MarkdownProps {
  text: string;
  /** Whose math delimiters the text uses (spec §3). */
  provider?: Provider | null;
  /** More text is on its way (an unfinished formula at the end waits for its closing delimiter). */
  streaming?: boolean;
  className?: string;
  /** Names this text on the page (a message's key): see MarkdownRendererProps. */
  stableId?: string | undefined;
}

/**
 * Renders an answer as sanitised markdown. The parser loads on first use, so the chat route's
 * own chunk stays small; until then the text keeps its place but is not shown, so a reader
 * never sees its raw markdown flash before it renders.
 */
export function Markdown({
  text,
  provider,
  streaming = false,
  className,
  stableId,
}: MarkdownProps) {
  const Renderer = useRenderer();
  return (
    <div className={cn('markdown', className)}>
      {Renderer ? (
        <Renderer
          text={text}
          provider={provider ?? null}
          streaming={streaming}
          stableId={stableId}
        />
      ) : (
        <p className="whitespace-pre-wrap" data-markdown-pending="" aria-busy="true">
          {text}
        </p>
      )}
    </div>
  );
}
