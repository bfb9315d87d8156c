import { z } from 'zod';
import { HttpUrl, Id, IsoTimestamp, ProviderName } from './common';

/** Spec §7 "Users": /api/v1/users/me. */

export const UserRole = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof UserRole>;

export const Theme = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof Theme>;

export const UserPreferences = z.object({
  theme: Theme,
  default_provider: ProviderName.nullable(),
  default_model: z.string().min(1).max(200).nullable(),
});
export type UserPreferences = z.infer<typeof UserPreferences>;

export const User = z.object({
  id: Id,
  email: z.string(),
  name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role: UserRole,
  email_verified: z.boolean(),
  preferences: UserPreferences,
  created_at: IsoTimestamp,
});
export type User = z.infer<typeof User>;

/**
 * PATCH /users/me. Strict: role, email and verification state are not profile fields, and a
 * request that tries to set them is refused rather than silently trimmed.
 */
export const UpdateProfileRequest = z.strictObject({
  name: z.string().trim().min(1).max(100).nullable().optional(),
  avatar_url: HttpUrl.nullable().optional(),
  preferences: z.strictObject(UserPreferences.partial().shape).optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;
