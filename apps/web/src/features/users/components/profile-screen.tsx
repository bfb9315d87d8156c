import { useFeatureFlag } from '../../app-config';
import { useAuth } from '../../auth';
import { McpSettings } from '../../mcp';
import { SharedLinksSection } from '../../shares';
import { AccountDataSection } from './account-data-section';
import { ChangePasswordSection } from './change-password-section';
import { CustomInstructionsSection } from './custom-instructions-section';
import { DeleteAccountSection } from './delete-account-section';
import { MemorySection } from './memory-section';
import { PreferencesSection, type ThemeControl } from './preferences-section';
import { ProfileDetailsSection } from './profile-details-section';
import { SecuritySection } from './security-section';
import { SessionsSection } from './sessions-section';
import { SettingsSection } from './settings-section';

/** /profile and /settings (spec §2). The route is guarded, so a user is present. */
export function ProfileScreen({ theme }: { theme: ThemeControl }) {
  const { user } = useAuth();
  const twoFactorOn = useFeatureFlag('two_factor');
  const sharingOn = useFeatureFlag('sharing');
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-8 sm:py-12">
      <header className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight">Profile and settings</h1>
        <p className="mt-1 text-sm text-fg-muted">Your account, preferences and security.</p>
      </header>
      <div className="space-y-6">
        <ProfileDetailsSection key={user.id} user={user} />
        <PreferencesSection user={user} theme={theme} />
        <CustomInstructionsSection />
        <MemorySection />
        <SettingsSection
          id="tools"
          title="Tools"
          description="Tool servers (MCP) whose tools your chats may use. Turn them on per chat from the Tools menu beside the message box."
        >
          <McpSettings />
        </SettingsSection>
        <ChangePasswordSection />
        {twoFactorOn && <SecuritySection />}
        <SessionsSection />
        {sharingOn && <SharedLinksSection Section={SettingsSection} />}
        <AccountDataSection />
        <DeleteAccountSection email={user.email} />
      </div>
    </div>
  );
}
