/**
 * A stand-in tokenizer: one token is a word (letters, digits, underscore) or a single
 * punctuation character, carrying the whitespace before it. Joining the tokens gives back
 * the text exactly, so streamed deltas concatenate to the non-streamed answer.
 */
const TOKEN_PATTERN = /\s*(?:[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_])|\s+$/gu;

export function splitTokens(text: string): string[] {
  return text.match(TOKEN_PATTERN) ?? [];
}

export function countTokens(text: string): number {
  return splitTokens(text).length;
}

/** Real tokenizers average about four characters of English per token. */
export function estimatePromptTokens(inputTexts: readonly string[]): number {
  const chars = inputTexts.reduce((sum, text) => sum + text.length, 0);
  return Math.max(1, Math.ceil(chars / 4));
}
