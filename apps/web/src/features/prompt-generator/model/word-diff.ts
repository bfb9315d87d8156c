import { diffWords } from 'diff';

export interface DiffPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** Word-level changes from `before` to `after` (whitespace kept, so the text reads as it was). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({
    text: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}
