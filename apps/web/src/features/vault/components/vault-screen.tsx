import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { useAuth } from '../../auth';
import { Skeleton } from '../../../ui/skeleton';
import { useVaultSession } from '../api/vault-session-store';
import { useVaultStatus, vaultKey } from '../api/vault-status';
import { SetupWizard } from './setup-wizard';
import { UnlockPad } from './unlock-pad';
import { VaultContents } from './vault-contents';
import { VaultProtectionNote } from './vault-protection-note';

/** /vault: set-up on the first visit, the unlock pad while locked, the contents when open. */
export function VaultScreen() {
  const { isAuthenticated } = useAuth();
  const status = useVaultStatus();
  const open = useVaultSession((s) => s.token !== null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: vaultKey });

  let body;
  if (!isAuthenticated)
    body = (
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
  else if (status.isPending)
    body = <Skeleton className="mx-auto h-64 w-full max-w-md rounded-2xl" />;
  else if (status.isError)
    body = (
      <LoadFailed
        icon={LockKeyhole}
        title="Could not reach your vault"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  else if (!status.data.set_up) body = <SetupWizard onDone={refresh} />;
  else if (!open || !status.data.unlocked)
    body = (
      <UnlockPad
        key={status.data.locked_until ?? 'pad'}
        status={status.data}
        onUnlocked={refresh}
      />
    );
  else body = <VaultContents />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <header className="mb-6 space-y-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <LockKeyhole className="size-6 text-accent" aria-hidden /> Vault
        </h1>
        <VaultProtectionNote />
      </header>
      {body}
    </div>
  );
}
