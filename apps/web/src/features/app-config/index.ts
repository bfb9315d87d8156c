export { getPublicConfig, type PublicConfig } from './api/get-public-config';
export {
  FALLBACK_PUBLIC_CONFIG,
  loadPublicConfig,
  usePublicConfigStore,
  type PublicConfigState,
  type PublicConfigStatus,
} from './store/public-config-store';
export { useFeatureFlag, useFeatureFlags, usePublicConfig } from './hooks/use-feature-flags';
export { MockApiNotice } from './components/mock-api-notice';
