import {
  loadPublicConfig,
  usePublicConfigStore,
  type PublicConfigState,
} from '../features/app-config';
import { setHttpsOnly } from '../lib/http';
import { eventTracker } from '../lib/telemetry/event-tracker';

/**
 * Reads the public config once at start and lets lib/ follow its flags (lib never imports a
 * feature): the HTTPS flag governs redirects, the analytics flag the usage events.
 */
export function wirePublicConfig(): void {
  setHttpsOnly(() => usePublicConfigStore.getState().config.flags.https);
  // Usage events wait for the answer (or the fallback), so none leaves if analytics is off.
  const applyAnalytics = ({ status, config }: PublicConfigState) => {
    if (status !== 'loading') eventTracker.setEnabled(config.flags.analytics);
  };
  applyAnalytics(usePublicConfigStore.getState());
  usePublicConfigStore.subscribe(applyAnalytics);
  void loadPublicConfig();
}
