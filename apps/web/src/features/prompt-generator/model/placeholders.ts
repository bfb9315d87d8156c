/**
 * Placeholders a model writes in a prompt, turned into template variables (`{{name}}`): the
 * double-brace form the generator is told to use, and the usual stand-ins models write anyway:
 * `[topic]`, `<audience>`, `{tone}`. Markdown links (`[text](url)`), checkboxes and numbered
 * references (`[1]`) are not placeholders; nor are common HTML tags.
 */

const NAME_MAX = 40;
const HTML_TAGS = new Set([
  'a',
  'b',
  'br',
  'code',
  'div',
  'em',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  'span',
  'strong',
  'ul',
]);

// One alternation, so a placeholder is matched once, by the first form it takes. Outside double
// braces a name has two characters at least (`[x]` is a ticked box) and a single brace must not
// follow a word, `^`, `_`, `\\` or `$` (LaTeX such as `x^{n}`, code such as `f{a}`).
const PLACEHOLDER =
  /\{\{\s*([A-Za-z][\w .-]{0,39}?)\s*\}\}|\[([A-Za-z][\w .-]{1,39})\](?!\()|<([A-Za-z][\w .-]{1,39})>|(?<![\w^_\\${])\{([A-Za-z][\w .-]{1,39})\}(?!\})/g;

export interface DetectedVariables {
  /** The text with every placeholder written as `{{name}}`. */
  body: string;
  /** Variable names in order of first appearance, without repeats. */
  names: string[];
}

/** `Target audience` → `target_audience`; null when nothing usable is left. */
export function variableName(raw: string): string | null {
  const name = raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, NAME_MAX);
  return /^[a-z]/.test(name) ? name : null;
}

export function detectVariables(text: string): DetectedVariables {
  const names: string[] = [];
  const body = text.replace(
    PLACEHOLDER,
    (whole, braces?: string, square?: string, angle?: string, single?: string) => {
      const raw = braces ?? square ?? angle ?? single ?? '';
      if (angle !== undefined && HTML_TAGS.has(angle.toLowerCase())) return whole;
      const name = variableName(raw);
      if (!name) return whole;
      if (!names.includes(name)) names.push(name);
      return `{{${name}}}`;
    },
  );
  return { body, names };
}

/**
 * Applies the names the user confirmed: `renames` maps each detected name to its new one; a
 * name mapped to '' is no longer a variable and goes back to plain text.
 */
export function renameVariables(body: string, renames: Readonly<Record<string, string>>): string {
  return body.replace(/\{\{([a-z][a-z0-9_]*)\}\}/g, (whole, name: string) => {
    const next = renames[name];
    if (next === undefined) return whole;
    if (next === '') return name.replace(/_/g, ' ');
    return `{{${next}}}`;
  });
}
