import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useProject } from '../api/get-project';
import { ProjectIcon } from './project-icon';

/** The collapsible "Project instructions" line at the top of a chat in a project. */
export function ProjectInstructions({ projectId }: { projectId: string }) {
  const project = useProject(projectId).data;
  if (!project) return null;
  return (
    <details
      className="group mx-auto mt-2 max-w-3xl rounded-lg text-sm"
      data-testid="project-instructions"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-1 py-1 text-fg-muted hover:text-fg [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
          aria-hidden
        />
        <ProjectIcon project={project} size="sm" />
        <span className="min-w-0 truncate">
          Project instructions · <span className="font-medium text-fg">{project.name}</span>
        </span>
      </summary>
      <div className="mt-1 ml-7 space-y-2 rounded-lg border border-line bg-surface p-3">
        <p className="max-h-48 overflow-y-auto break-words whitespace-pre-wrap">
          {project.instructions || 'This project has no instructions yet.'}
        </p>
        <Link to={`/project/${project.id}`} className="text-xs font-medium text-accent underline">
          Edit in the project
        </Link>
      </div>
    </details>
  );
}
