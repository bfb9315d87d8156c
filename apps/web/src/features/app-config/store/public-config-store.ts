import { FEATURE_FLAGS } from '@parallax/contract';
import { create } from 'zustand';
import { getPublicConfig, type PublicConfig } from '../api/get-public-config';

/**
 * What holds until the server answers, and if it never does: the spec's flag defaults, no card
 * payments and no social sign-in (offering a button the server may refuse helps nobody).
 */
export const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  flags: { ...FEATURE_FLAGS },
  stripe_publishable_key: null,
  sign_in_providers: { google: false, apple: false },
};

/** loading: not answered yet; ready: the server's values; fallback: the call failed. */
export type PublicConfigStatus = 'loading' | 'ready' | 'fallback';

export interface PublicConfigState {
  status: PublicConfigStatus;
  config: PublicConfig;
}

export const usePublicConfigStore = create<PublicConfigState>(() => ({
  status: 'loading',
  config: FALLBACK_PUBLIC_CONFIG,
}));

let inFlight: Promise<void> | null = null;

/**
 * Reads the config once at start (main.tsx) and again after an admin changes a flag. A failed
 * call keeps the last values known (the fallback at first) and never throws.
 */
export function loadPublicConfig(
  load: () => Promise<PublicConfig> = getPublicConfig,
): Promise<void> {
  inFlight ??= load()
    .then((config) => usePublicConfigStore.setState({ status: 'ready', config }))
    .catch(() =>
      usePublicConfigStore.setState((state) => ({
        status: state.status === 'ready' ? 'ready' : 'fallback',
      })),
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
