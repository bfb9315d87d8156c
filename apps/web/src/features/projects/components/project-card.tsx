import type { Project } from '@parallax/contract';
import { Link } from 'react-router';
import { formatActivity } from './format-activity';
import { ProjectIcon } from './project-icon';

/** One project on /project: icon, name, description, chat count and last activity. */
export function ProjectCard({ project: p }: { project: Project }) {
  return (
    <Link
      to={`/project/${p.id}`}
      data-testid="project-card"
      className="flex h-full min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2"
    >
      <div className="flex min-w-0 items-center gap-3">
        <ProjectIcon project={p} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{p.name}</span>
          {p.archived && <span className="text-xs text-fg-muted">Archived</span>}
        </span>
      </div>
      <p className="line-clamp-2 min-h-10 text-sm break-words text-fg-muted">
        {p.description || 'No description'}
      </p>
      <p className="mt-auto text-xs text-fg-muted">
        {p.chat_count} {p.chat_count === 1 ? 'chat' : 'chats'} · active{' '}
        {formatActivity(p.last_activity_at)}
      </p>
    </Link>
  );
}
