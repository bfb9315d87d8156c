import { ArrowUp, ChevronDown, Sparkles } from 'lucide-react';
import { forwardRef } from 'react';
import { LIMITS } from '@parallax/contract';
import { Kbd } from '../../../ui/kbd';
import { Tooltip } from '../../../ui/tooltip';

export const COMPOSER_ID = 'composer';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
}

/** The message box. Sending arrives with the chat feature, so it says so instead of pretending. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { value, onChange },
  ref,
) {
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <div className="rounded-2xl border border-line bg-surface shadow-soft transition-colors focus-within:border-line-strong">
      <label htmlFor={COMPOSER_ID} className="sr-only">
        Message
      </label>
      <textarea
        ref={ref}
        id={COMPOSER_ID}
        rows={3}
        maxLength={LIMITS.messageMaxChars}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Ask anything…"
        aria-describedby="composer-note"
        className="block max-h-64 min-h-24 w-full resize-none bg-transparent px-4 pt-4 pb-2 text-[15px] leading-relaxed placeholder:text-fg-subtle focus:outline-none"
      />
      <div className="flex items-center justify-between gap-2 px-3 pb-3">
        <Tooltip content="Model choice arrives with chat">
          <button
            type="button"
            aria-disabled
            className="inline-flex h-8 items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 text-xs font-medium text-fg-muted"
          >
            <Sparkles className="size-3.5 text-accent" aria-hidden />
            Model
            <ChevronDown className="size-3.5" aria-hidden />
          </button>
        </Tooltip>
        <div className="flex items-center gap-3">
          <span className="hidden items-center gap-1 text-xs text-fg-subtle sm:flex">
            <Kbd>{isMac ? '⌘' : 'Ctrl'}</Kbd>
            <Kbd>K</Kbd>
            to focus
          </span>
          <button
            type="button"
            disabled
            aria-label="Send message"
            className="grid size-9 place-items-center rounded-full bg-accent text-accent-fg disabled:opacity-40"
          >
            <ArrowUp className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      <p id="composer-note" className="border-t border-line px-4 py-2.5 text-xs text-fg-muted">
        Chat is arriving soon — sending messages is not switched on yet.
      </p>
    </div>
  );
});
