import { FolderKanban, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { useProjects } from '../api/list-projects';
import { useProjectActions } from '../hooks/use-project-actions';
import { ProjectCard } from './project-card';
import { ProjectFormDialog } from './project-form-dialog';

/** /project: the user's projects as cards, archived ones on request, and the create dialog. */
export function ProjectsScreen() {
  const [showArchived, setShowArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const projects = useProjects(showArchived);
  const actions = useProjectActions();
  const navigate = useNavigate();
  const list = projects.data ?? [];

  const newButton = (
    <button type="button" className={buttonClasses('primary')} onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden /> New project
    </button>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Projects</h1>
          <p className="mt-1 text-sm text-fg-muted">
            Group chats that belong together, with instructions they all follow.
          </p>
        </div>
        {newButton}
      </div>
      <label className="mb-4 inline-flex items-center gap-2 text-sm text-fg-muted">
        <input
          type="checkbox"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.target.checked)}
          className="size-4 accent-accent"
        />
        Show archived projects
      </label>
      {projects.isLoading ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 rounded-2xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title={showArchived ? 'No archived projects' : 'No projects yet'}
          description="A project keeps related chats together. Its instructions apply to every chat in it."
          action={showArchived ? undefined : newButton}
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projects">
          {list.map((p) => (
            <li key={p.id} className="min-w-0">
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
      )}
      <ProjectFormDialog
        open={creating}
        onCancel={() => setCreating(false)}
        onSave={async (values) => {
          const created = await actions.create(values);
          if (created) void navigate(`/project/${created.id}`);
          return created !== null;
        }}
      />
    </div>
  );
}
