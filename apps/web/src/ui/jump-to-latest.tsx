import { ArrowDown } from 'lucide-react';
import { Button } from './button';

/** How far above the bottom a reader counts as scrolled up from the stream. */
export const AWAY_FROM_BOTTOM_PX = 120;

export function isAwayFromBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight >= AWAY_FROM_BOTTOM_PX;
}

/** Brings a reader who scrolled up back to the end of a streaming answer. */
export function JumpToLatest({ onJump }: { onJump: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
      <Button
        size="sm"
        variant="outline"
        className="pointer-events-auto rounded-full shadow-soft"
        onClick={onJump}
      >
        <ArrowDown className="size-3.5" aria-hidden /> Jump to latest
      </Button>
    </div>
  );
}
