/*
 * What a tool brings back from the web is untrusted: markup is dropped, whitespace collapsed,
 * and every field capped before it reaches the model, the stored row or the screen.
 */

const TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};
// Control characters other than tab and newline (a page can carry them; they help no one).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** One line of plain text from a snippet that may carry markup (Brave's `<strong>`). */
export function plainSnippet(raw: string, maxChars: number): string {
  return raw
    .replace(TAG, '')
    .replace(/&(?:amp|lt|gt|quot|#39|#x27|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(CONTROL, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxChars);
}

/** Text with its paragraphs kept: runs of blank lines and spaces collapsed, then capped. */
export function plainText(raw: string, maxChars: number): string {
  return raw
    .replace(CONTROL, '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, (gap) => (gap.split('\n').length > 2 ? '\n\n' : '\n'))
    .trim()
    .slice(0, maxChars);
}

/** An http(s) URL as text, or undefined for anything else (javascript:, data:, junk). */
export function webUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 2048) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
