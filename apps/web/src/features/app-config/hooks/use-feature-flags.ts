import type { FeatureFlagName, FeatureFlagValues } from '@parallax/contract';
import { usePublicConfigStore, type PublicConfigState } from '../store/public-config-store';

/** The public config and whether it is the server's answer yet (see FALLBACK_PUBLIC_CONFIG). */
export function usePublicConfig(): PublicConfigState {
  return usePublicConfigStore();
}

/** Every flag's value: the server's, or the spec's defaults while loading and if it fails. */
export function useFeatureFlags(): FeatureFlagValues {
  return usePublicConfigStore((state) => state.config.flags);
}

export function useFeatureFlag(name: FeatureFlagName): boolean {
  return usePublicConfigStore((state) => state.config.flags[name]);
}
