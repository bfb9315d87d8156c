export const DEFAULT_COMPARISON_TITLE = 'New comparison';
const TITLE_CHARS = 60;

/** A comparison's title from its first prompt (the simulator's directives left out). */
export function comparisonTitleFrom(prompt: string): string {
  const text = prompt
    .replace(/\[sim\b[^\]]*\]/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length === 0) return DEFAULT_COMPARISON_TITLE;
  return text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1).trimEnd()}…` : text;
}
