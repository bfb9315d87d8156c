import type { DeleteProjectQuery, Project } from '@parallax/contract';
import { useEffect, useState } from 'react';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';

type ChatsChoice = DeleteProjectQuery['chats'];

interface DeleteProjectDialogProps {
  project: Pick<Project, 'name' | 'chat_count'> | null;
  onCancel: () => void;
  onConfirm: (chats: ChatsChoice) => void;
}

/** Asks what happens to the project's chats: kept (moved out of it) or deleted with it. */
export function DeleteProjectDialog({ project, onCancel, onConfirm }: DeleteProjectDialogProps) {
  const [chats, setChats] = useState<ChatsChoice>('keep');
  useEffect(() => {
    if (project) setChats('keep');
  }, [project]);
  const count = project?.chat_count ?? 0;
  const options: ReadonlyArray<{ value: ChatsChoice; label: string; hint: string }> = [
    {
      value: 'keep',
      label: 'Keep its chats',
      hint: 'They move out of the project and stay in your chats.',
    },
    {
      value: 'delete',
      label: 'Delete its chats too',
      hint: 'They and their messages are deleted for good.',
    },
  ];
  return (
    <Modal
      open={project !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Delete “${project?.name ?? ''}”?`}
      description={`The project and its instructions will be deleted. It has ${count} ${count === 1 ? 'chat' : 'chats'}.`}
    >
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">What happens to its chats</legend>
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-accent has-[:checked]:bg-surface-2"
          >
            <input
              type="radio"
              name="project-chats"
              value={o.value}
              checked={chats === o.value}
              onChange={() => setChats(o.value)}
              className="mt-1 accent-accent"
            />
            <span>
              <span className="block text-sm font-medium">{o.label}</span>
              <span className="block text-sm text-fg-muted">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClasses('outline')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClasses('danger')} onClick={() => onConfirm(chats)}>
          Delete project
        </button>
      </div>
    </Modal>
  );
}
