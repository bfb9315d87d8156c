import { PROVIDER_MATH_DELIMITERS, type Provider } from '@parallax/contract';

/** Fenced code blocks and inline code spans: math conversion never touches them. */
const CODE = /(^|\n)(```|~~~)[^\n]*\n[\s\S]*?(?:\n\2[^\n]*(?=\n|$)|$)|`[^`\n]*`/g;

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
export function normalizeMathDelimiters(text: string, provider: Provider | null | undefined): string {
  const style = provider ? PROVIDER_MATH_DELIMITERS[provider] : null;
  if (style === 'dollars' || !text.includes('\\')) return text;
  const escapeDollars = style === 'latex-brackets';
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE)) {
    out += convertProse(text.slice(last, match.index), escapeDollars) + match[0];
    last = match.index + match[0].length;
  }
  return out + convertProse(text.slice(last), escapeDollars);
}
