import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Wire } from '../../../../lib/http';
import { Button } from '../../../../ui/button';
import { Spinner } from '../../../../ui/spinner';
import { toast } from '../../../../ui/toast/toast-store';
import { authErrorMessage } from '../../auth-error-message';
import { FormAlert } from '../../components/fields/form-alert';
import { startTwoFactorSetup } from '../api/start-two-factor-setup';
import { twoFactorStatusKey, useTwoFactorStatus } from '../api/two-factor-status';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoFactorManage } from './two-factor-manage';
import { TwoFactorSetupPanel } from './two-factor-setup-panel';

type View =
  | { kind: 'status' }
  | { kind: 'setup'; setup: Wire<'TwoFactorSetupResponse'> }
  | { kind: 'codes'; codes: string[] };

/**
 * The body of the profile screen's Security section: enrolment, recovery codes, turning it off.
 * The caller renders it only while the 2FA flag is on.
 */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus(true);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setView({ kind: 'setup', setup: await startTwoFactorSetup() });
    } catch (e) {
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    } finally {
      setStarting(false);
    }
  };

  if (view.kind === 'setup')
    return (
      <TwoFactorSetupPanel
        setup={view.setup}
        onCancel={() => setView({ kind: 'status' })}
        onEnabled={(codes) => {
          setView({ kind: 'codes', codes });
          void refresh();
          toast.success('Two-factor sign-in is on', 'Save your recovery codes now.');
        }}
      />
    );
  if (view.kind === 'codes')
    return <RecoveryCodesPanel codes={view.codes} onDone={() => setView({ kind: 'status' })} />;

  if (status.isPending)
    return (
      <div className="flex items-center gap-2 text-sm text-fg-muted" role="status">
        <Spinner size="sm" /> Loading…
      </div>
    );
  if (status.isError)
    return (
      <div className="space-y-3">
        <FormAlert>{authErrorMessage(status.error, AUTH_FALLBACK_MESSAGES.unexpected)}</FormAlert>
        <Button variant="outline" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );

  if (status.data.enabled)
    return (
      <TwoFactorManage
        status={status.data}
        onNewCodes={(codes) => {
          setView({ kind: 'codes', codes });
          void refresh();
        }}
        onDisabled={() => {
          void refresh();
          toast.success('Two-factor sign-in is off', 'Your password alone signs you in now.');
        }}
      />
    );

  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted">
        Off. With it on, signing in also asks for a code from an app on your phone, so a stolen
        password alone is not enough.
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex justify-end">
        <Button onClick={() => void start()} loading={starting}>
          Set up two-factor sign-in
        </Button>
      </div>
    </div>
  );
}
