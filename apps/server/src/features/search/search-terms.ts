import { SEARCH_MAX_TERMS } from '@parallax/contract';

/**
 * What a person typed, as the words to look for. Search text is never query syntax: only
 * runs of letters and digits count, so quotes, `*`, `-`, `:`, parentheses and NUL are
 * separators, and `OR` / `NEAR` are plain words. Both indexes see the same words (FTS5's
 * unicode61 splits on the same characters; PostgreSQL's documents are split that way first).
 */
export interface SearchTerms {
  /** Folded (lower case, accents removed), distinct, at most SEARCH_MAX_TERMS. */
  readonly words: readonly string[];
  /**
   * The last word is still being typed (no separator after it): it matches as a prefix. Not
   * for a single character: it would match nearly every text (the first keystroke), and the
   * indexes serve prefixes from two characters on; it then matches as a whole word.
   */
  readonly prefixLast: boolean;
  /**
   * Any word suffices (ranked by how many and how rare): retrieval for a whole message, where
   * requiring every word of a question would find nothing. Otherwise every word must match.
   */
  readonly anyWord: boolean;
}

/** Longer "words" are pasted data (hashes, base64), not something a person searches by. */
const MAX_WORD_CHARS = 64;
const WORD = /[\p{L}\p{N}]+/gu;
const MIN_PREFIX_CHARS = 2;

/** Lower case without accents: é → e, Ü → u; letters without a decomposition (ß, ø) stay. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function parseSearchText(text: string): SearchTerms {
  const folded = foldText(text);
  const words: string[] = [];
  let endsInWord = false;
  for (const match of folded.matchAll(WORD)) {
    endsInWord = match.index + match[0].length === folded.length;
    const word = match[0];
    if (word.length > MAX_WORD_CHARS || words.includes(word)) continue;
    words.push(word);
    if (words.length === SEARCH_MAX_TERMS) {
      endsInWord = false;
      break;
    }
  }
  const last = words.at(-1);
  return {
    words,
    prefixLast: endsInWord && last !== undefined && [...last].length >= MIN_PREFIX_CHARS,
    anyWord: false,
  };
}
