/**
 * A snippet shows text, not markdown source: answers are written in markdown, and a snippet
 * is rendered as plain text with marks (never through the markdown renderer: it is a cut-out
 * piece of the source, often with half a construct). The markers are dropped, what they
 * wrap is kept (a link's text, a code block's code), and every run of white space becomes one
 * space. Underscores and asterisks inside words (snake_case, 2*3) stay.
 */
const RULES: [RegExp, string][] = [
  [/^[ \t]*(?:```|~~~)[^\n]*$/gm, ' '],
  [/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, ' '],
  [/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?)?[ \t]*$/gm, ' '],
  [/!\[([^\]\n]*)\]\([^)\n]*\)/g, '$1'],
  [/\[([^\]\n]+)\]\([^)\n]*\)/g, '$1'],
  [/^[ \t]*(?:>[ \t]?)+/gm, ''],
  [/^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,9}[.)][ \t]+)/gm, ''],
  [/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/g, '$2'],
  [/(^|[^\p{L}\p{N}*_])([*_])(?=\S)([^\n]*?\S)\2(?![\p{L}\p{N}*_])/gmu, '$1$3'],
  [/`+/g, ''],
  [/[ \t]*\|[ \t]*/g, ' '],
  [/\s+/g, ' '],
];

export function markdownToPlain(text: string): string {
  let plain = text;
  for (const [pattern, replacement] of RULES) plain = plain.replace(pattern, replacement);
  return plain.trim();
}
