import type { Provider } from '@parallax/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { cn } from '../cn';
import './markdown.css';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

// Set once the first answer has painted: later answers render with the parser straight away.
let rendererRequested = false;

/**
 * False on the first render of the first answer, true once it has painted: the parser is then
 * fetched after the screen's first content, never in the render that shows it (the chat route's
 * initial-JS budget counts what is fetched before first content).
 */
function useRendererAfterFirstPaint(): boolean {
  const [requested, setRequested] = useState(rendererRequested);
  useEffect(() => {
    if (requested) return;
    rendererRequested = true;
    setRequested(true);
  }, [requested]);
  return requested;
}

export interface MarkdownProps {
  text: string;
  /** Whose math delimiters the text uses (spec §3). */
  provider?: Provider | null;
  className?: string;
}

/**
 * Renders an answer as sanitised markdown. The parser loads on first use, so the chat route's
 * own chunk stays small; until then the text shows as plain paragraphs.
 */
export function Markdown({ text, provider, className }: MarkdownProps) {
  const upgraded = useRendererAfterFirstPaint();
  const plain = <p className="whitespace-pre-wrap">{text}</p>;
  return (
    <div className={cn('markdown', className)}>
      {upgraded ? (
        <Suspense fallback={plain}>
          <MarkdownRenderer text={text} provider={provider ?? null} />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}
