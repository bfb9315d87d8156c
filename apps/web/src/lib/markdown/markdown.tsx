import type { Provider } from '@parallax/contract';
import { lazy, Suspense } from 'react';
import { cn } from '../cn';
import './markdown.css';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

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
  return (
    <div className={cn('markdown', className)}>
      <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
        <MarkdownRenderer text={text} provider={provider ?? null} />
      </Suspense>
    </div>
  );
}
