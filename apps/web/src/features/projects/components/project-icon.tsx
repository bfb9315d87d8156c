import type { Project } from '@parallax/contract';
import { cn } from '../../../lib/cn';
import { PROJECT_TILE } from './project-colours';

const SIZES = {
  sm: 'size-6 rounded-md text-sm',
  md: 'size-10 rounded-xl text-xl',
  lg: 'size-12 rounded-2xl text-2xl',
};

/** A project's emoji on its colour. */
export function ProjectIcon({
  project,
  size = 'md',
}: {
  project: Pick<Project, 'icon' | 'colour'>;
  size?: keyof typeof SIZES;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center leading-none',
        SIZES[size],
        PROJECT_TILE[project.colour],
      )}
    >
      {project.icon}
    </span>
  );
}
