import { PROVIDER_MATH_DELIMITERS } from './constants';
import type { Provider } from './constants';

/**
 * Fenced code blocks (an unclosed one runs to the end) and inline code spans: math conversion
 * never touches them.
 */
export const CODE_SPANS = /(^|\n)(```|~~~)[^\n]*\n[\s\S]*?(?:\n\2[^\n]*(?=\n|$)|$)|`[^`\n]*`/g;

function convertProse(text: string, escapeDollars: boolean): string {
  let out = text;
  // A bare $ in an OpenAI-style answer is money, not math: keep it literal for remark-math.
  if (escapeDollars) out = out.replace(/(^|[^\\])\$/g, '$1\\$');
  return out
    .replace(/\\\[/g, '\n$$$$\n')
    .replace(/\\\]/g, '\n$$$$\n')
    .replace(/\\\(/g, '$$')
    .replace(/\\\)/g, '$$');
}

/**
 * Rewrites a provider's math delimiters into the `$$`/`$` that remark-math reads (spec §3
 * "Provider display settings"): `\[ \]` and `\( \)` for openai, anthropic and grok become
 * display and inline math; gemini and google already use dollars. Without a known provider
 * both styles are accepted.
 */
export function normalizeMathDelimiters(
  text: string,
  provider: Provider | null | undefined,
): string {
  const style = provider ? PROVIDER_MATH_DELIMITERS[provider] : null;
  const escapeDollars = style === 'latex-brackets';
  // Dollars are escaped whether or not the text has a backslash: the result of one part of a
  // text never depends on another part (blocks are converted one at a time as they stream).
  if (style === 'dollars' || (!text.includes('\\') && !(escapeDollars && text.includes('$'))))
    return text;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE_SPANS)) {
    out += convertProse(text.slice(last, match.index), escapeDollars) + match[0];
    last = match.index + match[0].length;
  }
  return out + convertProse(text.slice(last), escapeDollars);
}
