import { z } from 'zod';
import { ChatParameter } from './chat-settings';
import { ProviderName } from './common';

export const MODEL_INPUT_KINDS = ['text', 'images', 'files'] as const;
export const ModelInputKind = z.enum(MODEL_INPUT_KINDS);
export type ModelInputKind = z.infer<typeof ModelInputKind>;

/** GET /api/v1/models: what the caller may use (model picker, public API). */
export const ModelInfo = z.object({
  /** Stable id used in send requests and preferences. */
  id: z.string().min(1),
  provider: ProviderName,
  /** The provider's own model name. */
  model: z.string().min(1),
  friendly_name: z.string().min(1),
  available: z.boolean(),
  /** Why the model cannot be used right now (shown in the picker), null when available. */
  unavailable_reason: z.string().nullable(),
  context_window: z.int().positive(),
  input_price_per_million: z.number().nonnegative(),
  output_price_per_million: z.number().nonnegative(),
  supports_vision: z.boolean(),
  /**
   * The chat parameters this model takes; others are not sent (and the answer says so).
   * Absent (an older server): every one is taken.
   */
  supported_parameters: z.array(ChatParameter).optional(),
  /** What a message to it may carry: text always, files (read as text) always, images with vision. */
  input_kinds: z.array(ModelInputKind),
  /** One line for the picker; empty when the admin wrote none. */
  description: z.string(),
  /** The offline demo model, always present and labelled as such. */
  is_demo: z.boolean(),
});
export type ModelInfo = z.infer<typeof ModelInfo>;

export const ModelsResponse = z.object({
  models: z.array(ModelInfo),
  /**
   * The model a new chat starts on when the user has no choice of their own: the admin's
   * default when one is set and the caller can use it, else null (the client picks the first
   * available real model).
   */
  default_model: z.string().min(1).nullable(),
});
export type ModelsResponse = z.infer<typeof ModelsResponse>;

/** GET /api/v1/models/favourites: the signed-in caller's starred model ids, newest first. */
export const ModelFavouritesResponse = z.object({ model_ids: z.array(z.string().min(1)) });
export type ModelFavouritesResponse = z.infer<typeof ModelFavouritesResponse>;

/** PUT|DELETE /api/v1/models/favourites/{modelId}. */
export const ModelFavouriteParams = z.object({ modelId: z.string().min(1).max(128) });
export type ModelFavouriteParams = z.infer<typeof ModelFavouriteParams>;
