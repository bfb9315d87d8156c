import { foldText, type SearchTerms } from './search-terms';

/** BM25's usual constants: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/** Long answers are scored on their beginning: bounded work per candidate. */
const SCORED_CHARS = 20_000;
const WORD = /[\p{L}\p{N}]+/gu;

export interface Candidate {
  id: number;
  text: string;
}

/**
 * BM25 over the candidates themselves (SQLite). FTS5's own bm25() first counts, for every
 * query word, every document in the whole index that has it (for its idf): a common word
 * costs a scan of millions of postings per keystroke (BENCHMARKS.md, History search). Here
 * document frequencies come from the candidates (the owner's newest matches), which is
 * bounded work and ranks the same way within them. Best first; ties newest first.
 */
export function rankCandidates(
  candidates: readonly Candidate[],
  terms: SearchTerms,
): { id: number; rank: number }[] {
  const last = terms.words.length - 1;
  const counted = candidates.map(({ id, text }) => {
    const tf = new Array<number>(terms.words.length).fill(0);
    let length = 0;
    for (const [word] of foldText(text.slice(0, SCORED_CHARS)).matchAll(WORD)) {
      length += 1;
      terms.words.forEach((w, i) => {
        if (word === w || (terms.prefixLast && i === last && word.startsWith(w)))
          tf[i] = (tf[i] ?? 0) + 1;
      });
    }
    return { id, tf, length };
  });
  const n = counted.length;
  const averageLength = counted.reduce((sum, c) => sum + c.length, 0) / Math.max(1, n);
  const idf = terms.words.map((_, i) => {
    const df = counted.filter((c) => (c.tf[i] ?? 0) > 0).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  return counted
    .map(({ id, tf, length }) => {
      const norm = K1 * (1 - B + (B * length) / Math.max(1, averageLength));
      const rank = tf.reduce((sum, f, i) => sum + ((idf[i] ?? 0) * f * (K1 + 1)) / (f + norm), 0);
      return { id, rank };
    })
    .sort((a, b) => b.rank - a.rank || b.id - a.id);
}
