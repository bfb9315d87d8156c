import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useAuth } from '../../auth';
import { useVaultSession } from '../api/vault-session-store';
import { useVaultStatus, vaultKey } from '../api/vault-status';
import { useNow } from '../hooks/use-now';
import { SetupWizard } from './setup-wizard';
import { UnlockPad } from './unlock-pad';

/**
 * What the vault shows before its contents: sign-in, set-up on the first visit, the unlock pad
 * while locked (also once the idle expiry passes, or a vault route answers 423). `children`
 * only while the vault is open.
 */
export function VaultGate({
  children,
  frame = (screen) => screen,
}: {
  children: ReactNode;
  /** Around what shows instead of `children` (a full-height screen gives it the vault's page). */
  frame?: (screen: ReactNode) => ReactNode;
}) {
  const screen = useGateScreen();
  return screen === null ? children : frame(screen);
}

/** What the gate shows, or null once the vault is open. */
function useGateScreen(): ReactNode {
  const { isAuthenticated } = useAuth();
  const status = useVaultStatus();
  const open = useVaultSession((s) => s.token !== null);
  const expiresAt = useVaultSession((s) => s.expiresAt);
  const now = useNow();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: vaultKey });

  // The idle expiry passed: the server refuses the token now, so show the pad at once.
  useEffect(() => {
    if (open && expiresAt !== null && expiresAt <= now) {
      useVaultSession.getState().close();
      void queryClient.invalidateQueries({ queryKey: vaultKey });
    }
  }, [open, expiresAt, now, queryClient]);

  if (!isAuthenticated)
    return (
      <EmptyState
        className="rounded-2xl border border-dashed border-line"
        icon={LockKeyhole}
        title="Sign in to use the vault"
        description="The vault belongs to an account: its PIN guards what you keep in it."
        action={
          <div className="flex gap-2">
            <Link to="/login" className={buttonClasses('outline')}>
              Sign in
            </Link>
            <Link to="/signup" className={buttonClasses('primary')}>
              Create an account
            </Link>
          </div>
        }
      />
    );
  if (status.isPending) return <Skeleton className="mx-auto h-64 w-full max-w-md rounded-2xl" />;
  if (status.isError)
    return (
      <LoadFailed
        icon={LockKeyhole}
        title="Could not reach your vault"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  if (!status.data.set_up) return <SetupWizard onDone={refresh} />;
  if (!open || !status.data.unlocked)
    return (
      <UnlockPad
        key={status.data.locked_until ?? 'pad'}
        status={status.data}
        onUnlocked={refresh}
      />
    );
  return null;
}
