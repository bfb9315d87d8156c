import type { Conversation } from '@parallax/contract';
import { Check, FolderMinus } from 'lucide-react';
import { Link } from 'react-router';
import { Modal } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { useProjects } from '../api/list-projects';
import { useProjectActions } from '../hooks/use-project-actions';
import { ProjectIcon } from './project-icon';

interface MoveToProjectDialogProps {
  /** The chat to move; the dialog is open while it is set. */
  conversation: Pick<Conversation, 'id' | 'project_id'> | null;
  onClose: () => void;
}

/** "Move to project": picks one of the user's projects for a chat, or takes it out of its own. */
export function MoveToProjectDialog({ conversation, onClose }: MoveToProjectDialogProps) {
  const projects = useProjects();
  const actions = useProjectActions();
  const list = projects.data ?? [];
  const move = (projectId: string | null) => {
    if (!conversation) return;
    const target = list.find((p) => p.id === projectId) ?? null;
    onClose();
    void actions.move(conversation.id, target);
  };
  return (
    <Modal
      open={conversation !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Move to project"
      description="The chat’s next turns follow the project’s instructions."
    >
      <div className="mt-4 max-h-80 overflow-y-auto">
        {projects.isLoading ? (
          <Spinner />
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-fg-muted">
            No projects yet.{' '}
            <Link to="/project" onClick={onClose} className="font-medium text-accent underline">
              Create one
            </Link>
          </p>
        ) : (
          <ul className="space-y-1" aria-label="Projects">
            {list.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => move(p.id)}
                  className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left text-sm hover:bg-surface-2"
                >
                  <ProjectIcon project={p} size="sm" />
                  <span className="min-w-0 flex-1 truncate">{p.name}</span>
                  {conversation?.project_id === p.id && (
                    <Check className="size-4 text-accent" aria-label="Current project" />
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
        {conversation?.project_id && (
          <button
            type="button"
            onClick={() => move(null)}
            className="mt-2 flex w-full items-center gap-3 rounded-lg border-t border-line px-2 py-2 text-left text-sm hover:bg-surface-2"
          >
            <FolderMinus className="size-4 text-fg-muted" aria-hidden /> Remove from project
          </button>
        )}
      </div>
    </Modal>
  );
}
