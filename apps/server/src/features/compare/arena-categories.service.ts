import type { FastifyBaseLogger } from 'fastify';
import { ARENA_CLASSIFY_PROMPT, ArenaCategory, parseJson } from '@parallax/contract';
import type { ModelsService } from '../models/models.service';
import type { ArenaRepository } from './arena.repository';

/** A prompt's head is enough to tell its kind, and bounds what one vote may cost upstream. */
const PROMPT_MAX_CHARS = 4_000;
const CLASSIFY_TIMEOUT_MS = 20_000;
const CLASSIFY_MAX_OUTPUT_TOKENS = 60;

/**
 * Sorts a judged prompt into the arena's categories with one cheap call to the model the admin
 * chose (none chosen: the prompt stays unclassified and shows on the "All prompts" board only).
 * The answer is untrusted text: only names of the enum survive.
 */
export class ArenaCategories {
  constructor(
    private readonly repository: ArenaRepository,
    private readonly models: Pick<ModelsService, 'completeChat'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True when categories were stored (the boards are then behind). */
  async classify(sessionId: string, turnIndex: number, prompt: string): Promise<boolean> {
    const { classifier_model: model } = await this.repository.state();
    if (model === null) return false;
    try {
      const answer = await this.models.completeChat(model, {
        messages: [
          {
            role: 'user',
            content: `${ARENA_CLASSIFY_PROMPT}\n\nPrompt:\n${prompt.slice(0, PROMPT_MAX_CHARS)}`,
          },
        ],
        maxOutputTokens: CLASSIFY_MAX_OUTPUT_TOKENS,
        signal: AbortSignal.timeout(CLASSIFY_TIMEOUT_MS),
      });
      const categories = categoriesIn(answer.text);
      await this.repository.setCategories(sessionId, turnIndex, JSON.stringify(categories));
      return true;
    } catch (error) {
      this.log.warn(
        { err: error, model },
        'an arena category call failed; the prompt stays unsorted',
      );
      return false;
    }
  }
}

/** The category names in a model's answer: the first JSON array in it, known names only. */
export function categoriesIn(text: string): ArenaCategory[] {
  const match = /\[[^\]]*\]/.exec(text);
  const value: unknown = match ? parseJson(match[0]) : null;
  if (!Array.isArray(value)) return [];
  const names = value.flatMap((item: unknown) => {
    const parsed = ArenaCategory.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return [...new Set(names)];
}
