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

const chosenAt = (link: Pick<TurnLink, 'chosen_at' | 'created_at'>) =>
  link.chosen_at ?? link.created_at;

/**
 * The time `turnId` is chosen at, `now` or, when a version beside it was chosen or sent in the
 * same millisecond or later, just after that one: the shown branch and the question switcher
 * follow the version chosen last, and two choices in one millisecond must not tie.
 */
export function choiceTime(
  links: ReadonlyArray<Pick<TurnLink, 'id' | 'parent_id' | 'created_at' | 'chosen_at'>>,
  turnId: string,
  now: Date,
): string {
  const parentId = links.find((link) => link.id === turnId)?.parent_id;
  let latest = now.toISOString();
  for (const link of links)
    if (link.id !== turnId && link.parent_id === parentId && chosenAt(link) >= latest)
      latest = new Date(Date.parse(chosenAt(link)) + 1).toISOString();
  return latest;
}

/** A version of a turn with its question, for grouping versions by question. */
export interface SiblingTurn extends Pick<TurnLink, 'id' | 'created_at' | 'chosen_at'> {
  /** The question's text; null when it could not be read (the turn is a question of its own). */
  question: string | null;
}

/**
 * The versions of a shown turn, grouped as the two switchers show them. Versions asking the
 * same question (a regenerate keeps it, an edit changes it) form one question version; within
 * it, each version is an answer version. The question files are not compared: a regenerate or
 * an edit sends the text alone, so comparing them would split a regenerated question in two.
 */
export interface TurnVersions {
  /** Every version, oldest first (the spec's sibling_ids). */
  siblings: Versions;
  /**
   * One id per question, the question asked first first: the shown turn for its own question;
   * for another, its version shown (or, never chosen, sent) last, which selecting it shows again.
   */
  questions: Versions;
  /** The versions asking the shown turn's question, oldest first. */
  answers: Versions;
}

const only = (id: string): Versions => ({ ids: [id], index: 0 });

/** A turn without other versions. */
export function singleVersion(id: string): TurnVersions {
  return { siblings: only(id), questions: only(id), answers: only(id) };
}

/** The versions of `shownId` from its siblings (oldest first, `shownId` among them). */
export function groupByQuestion(siblings: readonly SiblingTurn[], shownId: string): TurnVersions {
  const groups = new Map<string, SiblingTurn[]>();
  for (const turn of siblings) {
    const key = turn.question === null ? `\u0000${turn.id}` : `q${turn.question}`;
    const group = groups.get(key);
    if (group) group.push(turn);
    else groups.set(key, [turn]);
  }
  const ids = siblings.map((turn) => turn.id);
  let questions = only(shownId);
  let answers = only(shownId);
  const representatives: string[] = [];
  for (const group of groups.values()) {
    const shownAt = group.findIndex((turn) => turn.id === shownId);
    if (shownAt !== -1) {
      answers = { ids: group.map((turn) => turn.id), index: shownAt };
      questions = { ids: representatives, index: representatives.length };
      representatives.push(shownId);
    } else {
      const last = group.reduce((latest, turn) =>
        chosenAt(turn) >= chosenAt(latest) ? turn : latest,
      );
      representatives.push(last.id);
    }
  }
  return { siblings: { ids, index: Math.max(0, ids.indexOf(shownId)) }, questions, answers };
}

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
