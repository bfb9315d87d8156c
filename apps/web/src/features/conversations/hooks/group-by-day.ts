import type { Conversation } from '@parallax/contract';

export type DayGroupLabel = 'Today' | 'Yesterday' | 'Previous 7 days' | 'Older';

export interface DayGroup {
  label: DayGroupLabel;
  conversations: Conversation[];
}

const DAY_MS = 86_400_000;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

function labelFor(iso: string, today: number): DayGroupLabel {
  const at = new Date(iso).getTime();
  if (at >= today) return 'Today';
  if (at >= today - DAY_MS) return 'Yesterday';
  if (at >= today - 7 * DAY_MS) return 'Previous 7 days';
  return 'Older';
}

/** Chats under the sidebar's day headings, in the order given, empty headings left out. */
export function groupByDay(
  conversations: readonly Conversation[],
  now: Date = new Date(),
): DayGroup[] {
  const today = startOfDay(now);
  const groups = new Map<DayGroupLabel, Conversation[]>();
  for (const label of ['Today', 'Yesterday', 'Previous 7 days', 'Older'] as const)
    groups.set(label, []);
  for (const c of conversations)
    groups.get(labelFor(c.last_message_at ?? c.updated_at, today))?.push(c);
  return [...groups]
    .filter(([, list]) => list.length > 0)
    .map(([label, list]) => ({ label, conversations: list }));
}
