import { z } from 'zod';
import { Id, IsoTimestamp } from './common';

/**
 * Custom instructions and memory (/api/v1/personalization, /api/v1/memories): what an account
 * tells every chat about itself, and the facts it asked to be remembered. Neither reaches a
 * vault turn.
 */

export const PERSONALIZATION_LIMITS = {
  aboutMaxChars: 1_500,
  styleMaxChars: 1_500,
  memoryMaxChars: 500,
  memoriesMax: 100,
} as const;

export const Personalization = z.object({
  /** "What should the model know about you?" */
  about: z.string(),
  /** "How should it answer?" */
  style: z.string(),
  /** The custom instructions open every chat (unless a chat turns them off). */
  instructions_enabled: z.boolean(),
  /** "Use memory": off until the user turns it on. */
  memory_enabled: z.boolean(),
});
export type Personalization = z.infer<typeof Personalization>;

/** PATCH /personalization: any of the fields. */
export const UpdatePersonalizationRequest = z
  .object({
    about: z.string().trim().max(PERSONALIZATION_LIMITS.aboutMaxChars),
    style: z.string().trim().max(PERSONALIZATION_LIMITS.styleMaxChars),
    instructions_enabled: z.boolean(),
    memory_enabled: z.boolean(),
  })
  .partial();
export type UpdatePersonalizationRequest = z.infer<typeof UpdatePersonalizationRequest>;

const MemoryText = z.string().trim().min(1).max(PERSONALIZATION_LIMITS.memoryMaxChars);

export const Memory = z.object({
  id: Id,
  text: z.string(),
  /** The turn that asked for it ("Remember that…"); null: saved by hand. */
  source_message_id: Id.nullable(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type Memory = z.infer<typeof Memory>;

/** GET /memories: newest first. */
export const MemoryListResponse = z.object({ memories: z.array(Memory) });
export type MemoryListResponse = z.infer<typeof MemoryListResponse>;

export const CreateMemoryRequest = z.object({ text: MemoryText });
export type CreateMemoryRequest = z.infer<typeof CreateMemoryRequest>;

export const UpdateMemoryRequest = z.object({ text: MemoryText });
export type UpdateMemoryRequest = z.infer<typeof UpdateMemoryRequest>;

/** GET /memories?source_message_id=…: the memory a turn saved, if any. */
export const MemoryListQuery = z.object({ source_message_id: Id.optional() });
export type MemoryListQuery = z.infer<typeof MemoryListQuery>;

/** GET/PUT /conversations/:id/personalization: whether the chat reads both. */
export const ChatPersonalization = z.object({ enabled: z.boolean() });
export type ChatPersonalization = z.infer<typeof ChatPersonalization>;

const REMEMBER = /^\s*(?:please\s+)?remember(?:\s+that\s+|\s*:\s*)(\S[\s\S]*?)[\s.!]*$/i;

/**
 * The fact a message asks to be remembered ("Remember that I prefer metric units" or "Remember: …" → "I prefer
 * metric units"), or null: the server saves it with the turn and the answer shows the marker,
 * both from this one reading.
 */
export function rememberedFact(message: string): string | null {
  const fact = REMEMBER.exec(message)?.[1]?.trim();
  if (!fact || fact.length > PERSONALIZATION_LIMITS.memoryMaxChars) return null;
  return fact;
}
