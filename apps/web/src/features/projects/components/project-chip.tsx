import type { Project } from '@parallax/contract';
import { Link } from 'react-router';
import { ProjectIcon } from './project-icon';

/** "New chat in <project>" above the home composer. */
export function ProjectChip({ project }: { project: Project }) {
  return (
    <p
      className="mb-3 flex items-center justify-center gap-2 text-sm text-fg-muted"
      data-testid="project-chip"
    >
      New chat in
      <Link
        to={`/project/${project.id}`}
        className="inline-flex min-w-0 items-center gap-1.5 font-medium text-fg hover:underline"
      >
        <ProjectIcon project={project} size="sm" />
        <span className="truncate">{project.name}</span>
      </Link>
    </p>
  );
}
