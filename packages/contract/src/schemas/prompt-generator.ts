import { z } from 'zod';
import { IsoTimestamp } from './common';

/**
 * The prompt generator: a chat (conversation kind prompt_generator, sent with
 * `prompt_generator_id`) whose turns open with the generator's instructions, a versioned text
 * that admins edit (/api/v1/admin/prompt-generator/instructions).
 */

/** The one generator today; `prompt_generator_id` of a send names it. */
export const PROMPT_GENERATOR_ID = 'default';

export const PROMPT_GENERATOR_LIMITS = {
  instructionsMaxChars: 20_000,
  /** Earlier versions the admin editor lists, newest first. */
  versionsListed: 50,
} as const;

export const GeneratorInstructionsVersion = z.object({
  version: z.int().positive(),
  body: z.string(),
  created_at: IsoTimestamp,
  /** Who saved it; null for the version shipped with the product. */
  created_by: z.string().nullable(),
});
export type GeneratorInstructionsVersion = z.infer<typeof GeneratorInstructionsVersion>;

/** GET and PUT /admin/prompt-generator/instructions. */
export const GeneratorInstructionsResponse = z.object({
  current: GeneratorInstructionsVersion,
  /** Every kept version, newest first (the current one included). */
  versions: z.array(GeneratorInstructionsVersion),
});
export type GeneratorInstructionsResponse = z.infer<typeof GeneratorInstructionsResponse>;

/** PUT /admin/prompt-generator/instructions: every save (a restore too) is a new version. */
export const UpdateGeneratorInstructionsRequest = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'body: the instructions cannot be empty.')
    .max(
      PROMPT_GENERATOR_LIMITS.instructionsMaxChars,
      `body: at most ${PROMPT_GENERATOR_LIMITS.instructionsMaxChars} characters.`,
    ),
});
export type UpdateGeneratorInstructionsRequest = z.infer<typeof UpdateGeneratorInstructionsRequest>;
