import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TurnVersions } from '../model/ui-message';

interface VersionSwitcherProps {
  versions: TurnVersions;
  /** Absent while the turn cannot be switched (an answer is streaming, a switch is under way). */
  onSelect: ((messageId: string) => void) | undefined;
  /** What the version shown is (an answer's model), said with its number. */
  label?: string | undefined;
  /** What is switched: an answer's versions, or the versions of the question asked. */
  of?: 'answer' | 'question';
}

const ARROW =
  'grid size-7 place-items-center rounded-md text-fg-muted hover:bg-surface-2 hover:text-fg ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:pointer-events-none disabled:opacity-40';

type Direction = 'previous' | 'next';

/**
 * The switch replaces the turn's bubbles (another message id), so the arrow that was pressed
 * unmounts: the switcher of the version shown next takes the focus back.
 */
let focusAfterSwitch: {
  messageId: string;
  direction: Direction;
  of: 'answer' | 'question';
} | null = null;

/** "‹ 2 / 3 ›": the versions of a turn's answer (regenerated) or of its question (edited). */
export function VersionSwitcher({
  versions,
  onSelect,
  label,
  of = 'answer',
}: VersionSwitcherProps) {
  const { ids, index } = versions;
  const previous = ids[index - 1];
  const next = ids[index + 1];
  const shown = ids[index];
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);

  const enabled = onSelect !== undefined;
  const noun = of === 'question' ? 'Question version' : 'Version';
  useEffect(() => {
    const pending = focusAfterSwitch;
    // Disabled buttons take no focus: wait until the switch is over. Both switchers of the turn
    // shown next name it: the one of the kind that was pressed takes the focus.
    if (!enabled || !pending || pending.messageId !== shown || pending.of !== of) return;
    const wanted = pending.direction === 'previous' ? previousButton : nextButton;
    const other = wanted === previousButton ? nextButton : previousButton;
    focusAfterSwitch = null;
    (wanted.current?.disabled ? other : wanted).current?.focus();
  }, [shown, enabled, of]);

  const select = (messageId: string | undefined, direction: Direction) => {
    if (messageId === undefined || !onSelect) return;
    focusAfterSwitch = { messageId, direction, of };
    onSelect(messageId);
  };

  return (
    // Focus lands in the new version's switcher after a switch: the group's name says where it is.
    <div
      role="group"
      aria-label={`${noun} ${index + 1} of ${ids.length}${label ? `, ${label}` : ''}`}
      className="flex items-center text-xs"
    >
      <button
        type="button"
        ref={previousButton}
        className={ARROW}
        aria-label={`Previous ${noun.toLowerCase()}`}
        disabled={!onSelect || previous === undefined}
        onClick={() => select(previous, 'previous')}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <span className="min-w-9 text-center font-medium text-fg-muted tabular-nums" aria-hidden>
        {index + 1} / {ids.length}
      </span>
      <button
        type="button"
        ref={nextButton}
        className={ARROW}
        aria-label={`Next ${noun.toLowerCase()}`}
        disabled={!onSelect || next === undefined}
        onClick={() => select(next, 'next')}
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  );
}
