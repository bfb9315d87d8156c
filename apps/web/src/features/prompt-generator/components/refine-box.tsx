import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { QUICK_REFINEMENTS } from '../model/generator-request';

/** Asks for the next version: a suggestion chip or the user's own words. */
export function RefineBox({
  disabled,
  onRefine,
}: {
  disabled: boolean;
  onRefine: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || !text.trim()) return;
    if (await onRefine(text.trim())) setText('');
  };

  return (
    <div className="space-y-2 rounded-2xl border border-line bg-surface p-3 sm:p-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick refinements">
        {QUICK_REFINEMENTS.map((chip) => (
          <button
            key={chip}
            type="button"
            disabled={disabled}
            onClick={() => void onRefine(chip)}
            className="rounded-full border border-line bg-surface-2 px-3 py-1 text-xs text-fg hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
          >
            {chip.replace(/\.$/, '')}
          </button>
        ))}
      </div>
      <form onSubmit={(e) => void submit(e)} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Refine the prompt
        </label>
        <Input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Ask for a change, e.g. “focus on beginners”"
          className="h-10 min-w-0 flex-1"
        />
        <Button type="submit" disabled={disabled || !text.trim()}>
          <Send className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">Refine</span>
        </Button>
      </form>
    </div>
  );
}
