import { TwoFactorSettings } from '../../auth';
import { SettingsSection } from './settings-section';

/** Two-factor sign-in; shown only while the 2FA flag is on. */
export function SecuritySection() {
  return (
    <SettingsSection
      title="Two-factor sign-in"
      description="A code from an authenticator app on top of your password, Google or Apple."
    >
      <TwoFactorSettings />
    </SettingsSection>
  );
}
