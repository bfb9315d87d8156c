import type { TurnLink } from './messages.repository';

/** Versions of a turn: the turns of its conversation with the same parent, oldest first. */
export interface Versions {
  ids: string[];
  index: number;
}

const siblingKey = (link: Pick<TurnLink, 'conversation_id' | 'parent_id'>) =>
  `${link.conversation_id ?? ''}|${link.parent_id ?? ''}`;

/** The versions of each turn in `links` (links of whole conversations, oldest first). */
export function versionsOf(links: readonly TurnLink[]): Map<string, Versions> {
  const groups = new Map<string, string[]>();
  for (const link of links) {
    const key = siblingKey(link);
    const group = groups.get(key);
    if (group) group.push(link.id);
    else groups.set(key, [link.id]);
  }
  const versions = new Map<string, Versions>();
  for (const link of links) {
    const ids = groups.get(siblingKey(link)) ?? [link.id];
    versions.set(link.id, { ids, index: ids.indexOf(link.id) });
  }
  return versions;
}

const chosenAt = (link: TurnLink) => link.chosen_at ?? link.created_at;

/**
 * The last turn of the branch below `fromId`: at each turn, the child chosen (or sent) last,
 * so returning to a version shows the turns that followed it when it was last shown.
 */
export function leafBelow(links: readonly TurnLink[], fromId: string): string {
  const children = new Map<string, TurnLink[]>();
  for (const link of links) {
    if (link.parent_id === null) continue;
    const list = children.get(link.parent_id);
    if (list) list.push(link);
    else children.set(link.parent_id, [link]);
  }
  let current = fromId;
  // Bounded by the number of turns: a parent loop in damaged rows cannot spin forever.
  for (let step = 0; step < links.length; step += 1) {
    const next = children
      .get(current)
      ?.reduce((latest, link) => (chosenAt(link) >= chosenAt(latest) ? link : latest));
    if (!next) break;
    current = next.id;
  }
  return current;
}
