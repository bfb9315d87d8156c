import { cn } from '../../../lib/cn';
import { isStreaming, type PromptVersion } from '../model/prompt-versions';

/** The versions of a session as buttons; the one shown is pressed. */
export function VersionPicker({
  versions,
  current,
  onPick,
}: {
  versions: readonly PromptVersion[];
  current: number;
  onPick: (number: number) => void;
}) {
  return (
    <div role="group" aria-label="Versions" className="flex min-w-0 flex-wrap gap-1.5">
      {versions.map((v) => (
        <button
          key={v.number}
          type="button"
          aria-pressed={v.number === current}
          title={v.request}
          onClick={() => onPick(v.number)}
          className={cn(
            'rounded-lg border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring',
            v.number === current
              ? 'border-accent bg-accent text-accent-fg'
              : 'border-line bg-surface text-fg hover:bg-surface-2',
          )}
        >
          Version {v.number}
          {isStreaming(v.message) ? ' …' : ''}
        </button>
      ))}
    </div>
  );
}
