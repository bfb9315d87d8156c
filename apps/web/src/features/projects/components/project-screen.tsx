import type { Project } from '@parallax/contract';
import {
  Archive,
  ArchiveRestore,
  ChevronLeft,
  MoreHorizontal,
  Pencil,
  Plus,
  SquarePen,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { buttonClasses } from '../../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { useProject } from '../api/get-project';
import { useProjectChats } from '../api/list-project-chats';
import { useProjectActions } from '../hooks/use-project-actions';
import { AddChatsDialog } from './add-chats-dialog';
import { DefaultModelSelect } from './default-model-select';
import { DeleteProjectDialog } from './delete-project-dialog';
import { InstructionsEditor } from './instructions-editor';
import { KnowledgeFilesPanel } from './knowledge-files-panel';
import { ProjectFormDialog } from './project-form-dialog';
import { ProjectChatList } from './project-chat-list';
import { ProjectIcon } from './project-icon';

/**
 * /project/{id}: a project's chats, a new chat in it, its instructions, knowledge files,
 * default model and settings.
 */
export function ProjectScreen() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  useDocumentTitle(project.data?.name ?? null);

  if (project.isLoading) {
    return (
      <div className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6 sm:px-8 sm:py-10">
        <h1 className="sr-only">Project</h1>
        <Skeleton className="h-12 w-64" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (!project.data) {
    return (
      <EmptyState
        title="Project not found"
        description="It may have been deleted, or it belongs to another account."
        action={
          <Link to="/project" className={buttonClasses('outline')}>
            All projects
          </Link>
        }
      />
    );
  }
  return <ProjectPage project={project.data} />;
}

function ProjectPage({ project: p }: { project: Project }) {
  const chats = useProjectChats(p.id);
  const actions = useProjectActions();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState(false);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <Link
        to="/project"
        className="mb-4 inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg"
      >
        <ChevronLeft className="size-4" aria-hidden /> Projects
      </Link>
      <header className="mb-6 flex flex-wrap items-start gap-4">
        <ProjectIcon project={p} size="lg" />
        <div className="min-w-0 flex-1 basis-48">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{p.name}</h1>
          {p.description && (
            <p className="mt-1 text-sm break-words text-fg-muted">{p.description}</p>
          )}
          {p.archived && <p className="mt-1 text-xs font-medium text-fg-muted">Archived</p>}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={buttonClasses('primary')}
            onClick={() => void navigate(`/?project=${p.id}`)}
          >
            <SquarePen className="size-4" aria-hidden /> New chat in this project
          </button>
          <DropdownMenu>
            <DropdownMenuTrigger
              aria-label="Project actions"
              className={buttonClasses('outline', 'icon')}
            >
              <MoreHorizontal className="size-4" aria-hidden />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem icon={<Pencil />} onSelect={() => setEditing(true)}>
                Edit name and icon
              </DropdownMenuItem>
              <DropdownMenuItem
                icon={p.archived ? <ArchiveRestore /> : <Archive />}
                onSelect={() => void actions.update(p.id, { archived: !p.archived })}
              >
                {p.archived ? 'Unarchive' : 'Archive'}
              </DropdownMenuItem>
              <DropdownMenuItem icon={<Trash2 />} onSelect={() => setDeleting(true)}>
                Delete project
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="project-chats" className="min-w-0 space-y-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="project-chats" className="text-sm font-semibold">
              Chats
            </h2>
            <button
              type="button"
              className={buttonClasses('outline', 'sm')}
              onClick={() => setAdding(true)}
            >
              <Plus className="size-4" aria-hidden /> Add chats
            </button>
          </div>
          {chats.isLoading ? (
            <Skeleton className="h-40 rounded-2xl" />
          ) : (
            <ProjectChatList
              chats={chats.data ?? []}
              onRemove={(c) => void actions.move(c.id, null)}
              onToggleFavourite={(c) => void actions.toggleFavourite(c)}
              onDropChat={(id) => void actions.move(id, p)}
            />
          )}
        </section>
        <aside className="min-w-0 space-y-6">
          <InstructionsEditor
            project={p}
            onSave={async (instructions) => (await actions.update(p.id, { instructions })) !== null}
          />
          <KnowledgeFilesPanel projectId={p.id} />
          <DefaultModelSelect
            project={p}
            onChange={(model) => void actions.update(p.id, { default_model: model })}
          />
        </aside>
      </div>

      <ProjectFormDialog
        open={editing}
        project={p}
        onCancel={() => setEditing(false)}
        onSave={async ({ name, description, icon, colour }) =>
          (await actions.update(p.id, { name, description, icon, colour })) !== null
        }
      />
      <AddChatsDialog
        project={adding ? p : null}
        onClose={() => setAdding(false)}
        onAdd={(id) => void actions.move(id, p)}
      />
      <DeleteProjectDialog
        project={deleting ? p : null}
        onCancel={() => setDeleting(false)}
        onConfirm={(choice) => {
          setDeleting(false);
          void actions.remove(p.id, choice).then((count) => count !== null && navigate('/project'));
        }}
      />
    </div>
  );
}
