import { z } from 'zod';
import { FEATURE_FLAG_NAMES } from '../constants';
import { Id, IsoTimestamp } from './common';

/**
 * Feature flags (spec §1): their values for everyone (GET /config), and their editing by admins
 * (/api/v1/admin/feature-flags). The defaults are FEATURE_FLAGS in constants.ts.
 */

export const FeatureFlagName = z.enum(FEATURE_FLAG_NAMES);
export type FeatureFlagName = z.infer<typeof FeatureFlagName>;

/** Every flag's value, keyed by name. */
export const FeatureFlagValues = z.object(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean()])) as Record<
    FeatureFlagName,
    z.ZodBoolean
  >,
);
export type FeatureFlagValues = z.infer<typeof FeatureFlagValues>;

/** What each flag governs, as the admin screen shows it. */
export const FEATURE_FLAG_DESCRIPTIONS: Record<FeatureFlagName, string> = {
  google_sign_in: 'Offer "Continue with Google" on the sign-in and sign-up screens.',
  apple_sign_in: 'Offer "Continue with Apple" on the sign-in and sign-up screens.',
  two_factor: 'Let users protect their account with a one-time code from an authenticator app.',
  analytics: 'Send usage events (page views, messages sent, comparisons, votes) from browsers.',
  mock_api:
    'Answer every chat and comparison from the offline demo model, whatever model is picked, so the product can be shown without provider keys.',
  https: 'Follow API redirects only over https: a plain http target is upgraded to https.',
  sharing:
    'Let people share a chat or a comparison by link. Off: no new links, and existing ones answer 404.',
};

export const AdminFeatureFlag = z.object({
  name: FeatureFlagName,
  enabled: z.boolean(),
  /** The spec's value, in effect until an admin changes the flag. */
  default_enabled: z.boolean(),
  description: z.string(),
  /** Null until an admin first changes the flag. */
  updated_at: IsoTimestamp.nullable(),
  updated_by: z.object({ id: Id, email: z.string().nullable() }).nullable(),
});
export type AdminFeatureFlag = z.infer<typeof AdminFeatureFlag>;

export const AdminFeatureFlagListResponse = z.object({ flags: z.array(AdminFeatureFlag) });
export type AdminFeatureFlagListResponse = z.infer<typeof AdminFeatureFlagListResponse>;

export const FeatureFlagParams = z.object({ name: FeatureFlagName });
export type FeatureFlagParams = z.infer<typeof FeatureFlagParams>;

export const UpdateFeatureFlagRequest = z.strictObject({ enabled: z.boolean() });
export type UpdateFeatureFlagRequest = z.infer<typeof UpdateFeatureFlagRequest>;
