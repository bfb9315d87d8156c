import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { authErrorMessage, logoutEverywhere, signOut, useAuthStore } from '../../auth';
import { SettingsSection } from './settings-section';

export function SessionsSection() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<'here' | 'everywhere' | null>(null);

  const signOutHere = async () => {
    setPending('here');
    await signOut();
    void navigate('/');
  };

  const signOutEverywhere = async () => {
    setPending('everywhere');
    try {
      await logoutEverywhere();
      useAuthStore.getState().clearSession();
      toast.success('Signed out everywhere', 'Every device, this one included, was signed out.');
      void navigate('/');
    } catch (e) {
      setPending(null);
      toast.error(
        'Could not sign out everywhere',
        authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected),
      );
    }
  };

  return (
    <SettingsSection
      title="Sessions"
      description="Lost a device, or signed in on a shared computer? End every session at once."
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          loading={pending === 'here'}
          disabled={pending !== null}
          onClick={() => void signOutHere()}
        >
          {pending !== 'here' && <LogOut className="size-4" aria-hidden />} Sign out
        </Button>
        <Button
          variant="outline"
          loading={pending === 'everywhere'}
          disabled={pending !== null}
          onClick={() => void signOutEverywhere()}
        >
          {pending !== 'everywhere' && <MonitorSmartphone className="size-4" aria-hidden />} Sign
          out everywhere
        </Button>
      </div>
    </SettingsSection>
  );
}
