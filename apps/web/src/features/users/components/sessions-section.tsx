import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  authErrorMessage,
  logoutEverywhere,
  recordSessionEnd,
  signOut,
  useAuthStore,
  whileSigningOutHere,
} from '../../auth';
import { SessionList } from './session-list';
import { SettingsSection } from './settings-section';

export function SessionsSection() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<'here' | 'everywhere' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const signOutHere = async () => {
    setPending('here');
    await signOut();
    void navigate('/');
  };

  const signOutEverywhere = async () => {
    setPending('everywhere');
    try {
      // The other tabs of this browser read why their session went, as soon as the server
      // closes their sockets.
      recordSessionEnd('signed-out-everywhere');
      await whileSigningOutHere(logoutEverywhere);
      useAuthStore.getState().clearSession();
      toast.success('Signed out everywhere', 'Every device, this one included, was signed out.');
      void navigate('/');
    } catch (e) {
      setPending(null);
      setConfirming(false);
      toast.error(
        'Could not sign out everywhere',
        authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected),
      );
    }
  };

  return (
    <SettingsSection
      title="Sessions"
      description="Where your account is signed in. Sign out any device you do not recognise, or, if you lost one, every session at once."
    >
      <SessionList />
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          loading={pending === 'here'}
          disabled={pending !== null}
          onClick={() => void signOutHere()}
        >
          {pending !== 'here' && <LogOut className="size-4" aria-hidden />} Sign out
        </Button>
        <Button variant="outline" disabled={pending !== null} onClick={() => setConfirming(true)}>
          <MonitorSmartphone className="size-4" aria-hidden /> Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        description="Every device and browser signed in to this account, this one included, will have to sign in again."
        confirmLabel="Sign out everywhere"
        pending={pending === 'everywhere'}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
