import { CODE_SPANS } from './math-delimiters';

/** A line that opens or closes a `$$` math block, inside a quote or list item too. */
const MATH_FENCE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?\$\$+[^$\n]*$/gm;

/**
 * Whether a block's markdown ends inside a `$$` math block that has not closed yet (a streamed
 * answer's end): its LaTeX is unfinished and would render as a KaTeX error until it closes.
 */
export function endsInOpenMath(source: string): boolean {
  if (!source.includes('$$')) return false;
  const prose = source.replace(CODE_SPANS, '');
  return (prose.match(MATH_FENCE)?.length ?? 0) % 2 === 1;
}
