import { FEATURE_FLAGS } from '@parallax/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../api/get-public-config';
import {
  FALLBACK_PUBLIC_CONFIG,
  loadPublicConfig,
  usePublicConfigStore,
} from './public-config-store';

const SERVED: PublicConfig = {
  flags: { ...FEATURE_FLAGS, google_sign_in: false, analytics: false, mock_api: true },
  stripe_publishable_key: 'pk_test_123',
  sign_in_providers: { google: false, apple: true },
};

afterEach(() => {
  usePublicConfigStore.setState({ status: 'loading', config: FALLBACK_PUBLIC_CONFIG });
});

describe('the public config store', () => {
  it('holds the spec defaults, no payments and no social sign-in while loading', () => {
    expect(usePublicConfigStore.getState()).toEqual({
      status: 'loading',
      config: {
        flags: {
          google_sign_in: true,
          apple_sign_in: true,
          two_factor: false,
          analytics: true,
          mock_api: false,
          https: true,
          sharing: true,
        },
        stripe_publishable_key: null,
        sign_in_providers: { google: false, apple: false },
      },
    });
  });

  it("takes the server's answer", async () => {
    await loadPublicConfig(async () => SERVED);
    expect(usePublicConfigStore.getState()).toEqual({ status: 'ready', config: SERVED });
  });

  it('falls back to the spec defaults when the call fails, and never throws', async () => {
    await loadPublicConfig(() => Promise.reject(new Error('offline')));
    expect(usePublicConfigStore.getState()).toEqual({
      status: 'fallback',
      config: FALLBACK_PUBLIC_CONFIG,
    });
  });

  it('keeps the last answer when a later reload fails', async () => {
    await loadPublicConfig(async () => SERVED);
    await loadPublicConfig(() => Promise.reject(new Error('offline')));
    expect(usePublicConfigStore.getState()).toEqual({ status: 'ready', config: SERVED });
  });

  it('shares one call between loads made while it is in flight', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      return SERVED;
    };
    await Promise.all([loadPublicConfig(load), loadPublicConfig(load)]);
    expect(calls).toBe(1);
  });
});
