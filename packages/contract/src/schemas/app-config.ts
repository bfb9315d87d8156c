import { z } from 'zod';
import { AuthProvidersResponse } from './auth';
import { FeatureFlagValues } from './feature-flags';

/**
 * GET /api/v1/config: what the web reads once at start, without signing in. Everything here is
 * meant for browsers (the publishable key is; the secret key never leaves the server).
 */
export const PublicConfigResponse = z.object({
  flags: FeatureFlagValues,
  /** Stripe's publishable key when card payments are configured, else null. */
  stripe_publishable_key: z.string().nullable(),
  /** Social sign-ins offered: configured on this server and their flag on. */
  sign_in_providers: AuthProvidersResponse,
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;
