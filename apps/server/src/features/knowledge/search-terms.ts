/**
 * A user's message as search terms: words only (letters and digits), so no quote, operator or
 * punctuation can ever reach FTS5's or tsquery's syntax. Retrieval ORs the terms and lets the
 * rank (bm25 / ts_rank) favour chunks that match more and rarer ones.
 */
const MAX_TERMS = 32;
const MIN_TERM_CHARS = 2;

// The commonest English words match nearly every chunk and only slow the query down.
const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it ' +
    'its me my no not of on or our so than that the their them then there these they this to was ' +
    'we were what when where which who why will with would you your about please tell explain'
  ).split(' '),
);

export function searchTerms(message: string): string[] {
  const words = message.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = new Set<string>();
  for (const word of words) {
    if (word.length < MIN_TERM_CHARS || STOPWORDS.has(word)) continue;
    terms.add(word.slice(0, 64));
    if (terms.size === MAX_TERMS) break;
  }
  return [...terms];
}
