import { PROJECT_LIMITS, type Project } from '@parallax/contract';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useProjects } from '../api/list-projects';
import { useProjectActions } from '../hooks/use-project-actions';
import { useChatDropTarget } from './chat-drag';
import { ProjectIcon } from './project-icon';

/**
 * The sidebar's latest projects; a chat dragged onto one moves into it. `nested` lists them
 * under the sidebar's Projects link (heading kept for screen readers only), `limit` caps them
 * so they leave Recent chats its room.
 */
export function RecentProjects({
  limit = PROJECT_LIMITS.sidebarRecent,
  nested = false,
}: {
  limit?: number;
  nested?: boolean;
}) {
  const projects = useProjects();
  const list = (projects.data ?? []).slice(0, limit);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="recent-projects-heading" className={cn('min-w-0', nested && 'pl-4')}>
      <h2
        id="recent-projects-heading"
        className={cn(
          'px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-fg-muted uppercase',
          nested && 'sr-only',
        )}
      >
        Recent projects
      </h2>
      <ul className="space-y-0.5">
        {list.map((p) => (
          <RecentProjectRow key={p.id} project={p} />
        ))}
      </ul>
    </section>
  );
}

function RecentProjectRow({ project: p }: { project: Project }) {
  const actions = useProjectActions();
  const drop = useChatDropTarget((conversationId) => void actions.move(conversationId, p));
  return (
    <li {...drop.handlers} data-testid="sidebar-project">
      <NavLink
        to={`/project/${p.id}`}
        className={({ isActive }) =>
          cn(
            'flex h-8 items-center gap-2 rounded-lg px-2 text-sm',
            isActive
              ? 'bg-surface-3/70 font-medium text-fg'
              : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
            drop.over && 'bg-surface-3 text-fg ring-2 ring-accent',
          )
        }
      >
        <ProjectIcon project={p} size="sm" />
        <span className="min-w-0 flex-1 truncate">{p.name}</span>
      </NavLink>
    </li>
  );
}
