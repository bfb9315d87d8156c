import { CONVERSATION_DEFAULT_TITLE, type Project } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { listLooseChats } from '../api/list-project-chats';

interface AddChatsDialogProps {
  project: Pick<Project, 'id' | 'name'> | null;
  onClose: () => void;
  onAdd: (conversationId: string) => void;
}

/** Picks chats that are in no project yet and moves them into this one, one click each. */
export function AddChatsDialog({ project, onClose, onAdd }: AddChatsDialogProps) {
  const chats = useQuery({
    queryKey: ['conversations', 'loose'],
    queryFn: listLooseChats,
    enabled: project !== null,
  });
  const list = chats.data ?? [];
  return (
    <Modal
      open={project !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Add chats to ${project?.name ?? ''}`}
      description="Chats that are not in a project yet. Their next turns follow this project’s instructions."
    >
      <div className="mt-4 max-h-80 overflow-y-auto">
        {chats.isLoading ? (
          <Spinner />
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-fg-muted">
            Every chat is already in a project.
          </p>
        ) : (
          <ul className="space-y-1">
            {list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onAdd(c.id)}
                  className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2"
                >
                  <span className="min-w-0 truncate">{c.title || CONVERSATION_DEFAULT_TITLE}</span>
                  <span className="shrink-0 text-xs text-fg-muted">Add</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
