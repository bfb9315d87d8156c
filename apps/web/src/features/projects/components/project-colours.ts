import type { ProjectColour } from '@parallax/contract';

/**
 * A project's colour as a tinted tile behind its emoji (both themes): decoration only, text
 * on it keeps the normal foreground, so contrast never depends on the colour picked.
 */
export const PROJECT_TILE: Record<ProjectColour, string> = {
  slate: 'bg-slate-200 dark:bg-slate-700/60',
  red: 'bg-red-100 dark:bg-red-900/50',
  orange: 'bg-orange-100 dark:bg-orange-900/50',
  amber: 'bg-amber-100 dark:bg-amber-900/50',
  green: 'bg-green-100 dark:bg-green-900/50',
  teal: 'bg-teal-100 dark:bg-teal-900/50',
  blue: 'bg-blue-100 dark:bg-blue-900/50',
  violet: 'bg-violet-100 dark:bg-violet-900/50',
  pink: 'bg-pink-100 dark:bg-pink-900/50',
};

/** The swatch of the colour picker: the full colour, with a ring when chosen. */
export const PROJECT_SWATCH: Record<ProjectColour, string> = {
  slate: 'bg-slate-500',
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  amber: 'bg-amber-500',
  green: 'bg-green-600',
  teal: 'bg-teal-500',
  blue: 'bg-blue-500',
  violet: 'bg-violet-500',
  pink: 'bg-pink-500',
};
