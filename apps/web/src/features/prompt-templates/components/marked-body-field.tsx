import type { ParsedTemplate } from '@parallax/contract';
import { forwardRef, useRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

// Shared by the box and the layer behind it so their text lines up character for character.
const TEXT =
  'min-h-48 w-full rounded-xl border px-3.5 py-3 font-mono text-[13px] leading-relaxed whitespace-pre-wrap break-words [scrollbar-gutter:stable]';

/** The body cut into plain text, variables (tinted) and problems (underlined in red). */
function marks(body: string, parsed: ParsedTemplate): ReactNode[] {
  const spans = [
    ...parsed.occurrences.map((o) => ({ start: o.start, end: o.end, bad: false })),
    ...parsed.problems.map((p) => ({ start: p.start, end: p.start + p.length, bad: true })),
  ].sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue;
    out.push(body.slice(at, s.start));
    out.push(
      <mark
        key={s.start}
        className={cn(
          'rounded-sm text-transparent',
          s.bad
            ? 'bg-red-100 underline decoration-red-600 decoration-wavy dark:bg-red-950 dark:decoration-red-400'
            : 'bg-accent-soft',
        )}
      >
        {body.slice(s.start, s.end)}
      </mark>,
    );
    at = s.end;
  }
  // A trailing newline needs a character after it to take up its line.
  out.push(`${body.slice(at)} `);
  return out;
}

/**
 * The template body's box with a layer behind it that tints each variable and underlines each
 * malformed one, as the user types. The layer scrolls with the box.
 */
export const MarkedBodyField = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string; parsed: ParsedTemplate }
>(function MarkedBodyField({ value, parsed, className, onScroll, ...rest }, ref) {
  const layer = useRef<HTMLDivElement>(null);
  return (
    <div className="relative">
      <div
        ref={layer}
        aria-hidden
        data-testid="body-marks"
        className={cn(
          TEXT,
          'pointer-events-none absolute inset-0 overflow-hidden border-transparent text-transparent',
        )}
      >
        {marks(value, parsed)}
      </div>
      <textarea
        ref={ref}
        value={value}
        onScroll={(e) => {
          if (layer.current) layer.current.scrollTop = e.currentTarget.scrollTop;
          onScroll?.(e);
        }}
        className={cn(
          TEXT,
          'relative block resize-y border-line bg-transparent text-fg placeholder:text-fg-subtle hover:border-line-strong focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 aria-invalid:border-red-500',
          className,
        )}
        {...rest}
      />
    </div>
  );
});
