import { PROJECT_LIMITS, type Project } from '@parallax/contract';
import { useEffect, useId, useState } from 'react';
import { buttonClasses } from '../../../ui/button';
import { Textarea } from '../../../ui/input';

interface InstructionsEditorProps {
  project: Pick<Project, 'id' | 'instructions'>;
  onSave: (instructions: string) => Promise<boolean>;
}

/** The project's instructions: the system message of every turn in its chats. */
export function InstructionsEditor({ project, onSave }: InstructionsEditorProps) {
  const [text, setText] = useState(project.instructions);
  const [saving, setSaving] = useState(false);
  const id = useId();
  useEffect(() => setText(project.instructions), [project.id, project.instructions]);
  const changed = text !== project.instructions;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        Instructions
      </h2>
      <p className="text-sm text-fg-muted">
        Sent to the model before every message in this project’s chats.
      </p>
      <Textarea
        aria-labelledby={`${id}-title`}
        value={text}
        maxLength={PROJECT_LIMITS.instructionsMaxChars}
        onChange={(e) => setText(e.target.value)}
        placeholder="e.g. You are helping me write my thesis on coral reefs. Cite sources."
        className="min-h-40"
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-fg-muted tabular-nums">
          {text.length.toLocaleString()} / {PROJECT_LIMITS.instructionsMaxChars.toLocaleString()}
        </span>
        <button
          type="button"
          className={buttonClasses('primary', 'sm')}
          disabled={!changed || saving}
          onClick={() => {
            setSaving(true);
            void onSave(text).finally(() => setSaving(false));
          }}
        >
          {changed ? 'Save instructions' : 'Saved'}
        </button>
      </div>
    </section>
  );
}
