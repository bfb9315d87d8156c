import { ARENA_CLASSIFY_PROMPT, type ArenaCategory } from '@parallax/contract';
import { stripDirectives } from './knobs';

const PROMPT_MARKER = /^\s*Prompt:\s*/;

/** A category request opens with the app's instruction (contract's ARENA_CLASSIFY_PROMPT). */
export function isCategoryRequest(prompt: string): boolean {
  return prompt.trimStart().startsWith(ARENA_CLASSIFY_PROMPT);
}

const RULES: [ArenaCategory, RegExp][] = [
  ['coding', /\b(code|function|python|javascript|typescript|sql|bug|compile|regex|api)\b|```/i],
  [
    'maths',
    /\b(math|maths|equation|integral|derivative|prime|prove|probability)\b|\d\s*[-+*/^]\s*\d/i,
  ],
  ['creative_writing', /\b(poem|story|haiku|lyrics|novel|fiction|limerick)\b/i],
  [
    'instruction_following',
    /\b(exactly|must|bullet points?|in \d+ words|json|format|numbered list)\b/i,
  ],
  [
    'language',
    /\b(translate|translation|grammar|french|spanish|german|japanese)\b|[^\p{ASCII}]{3,}/iu,
  ],
];

/**
 * The sim's categories of a prompt, by keyword rules a test can predict; "hard_prompts" when
 * the prompt is long (over 300 characters) or spans three categories or more.
 */
export function simCategoriesFor(text: string): ArenaCategory[] {
  const prompt = stripDirectives(text);
  const found = RULES.filter(([, rule]) => rule.test(prompt)).map(([category]) => category);
  if (prompt.length > 300 || found.length >= 3) found.push('hard_prompts');
  return found;
}

/** The answer to a category request: a JSON array, as the instruction asks. */
export function composeCategories(prompt: string): string {
  const start = prompt.indexOf(ARENA_CLASSIFY_PROMPT) + ARENA_CLASSIFY_PROMPT.length;
  return JSON.stringify(simCategoriesFor(prompt.slice(start).replace(PROMPT_MARKER, '')));
}
