/** What other features may use of feature flags: the service behind `app.featureFlags`. */
export type { FeatureFlagsService } from './feature-flags.service';
