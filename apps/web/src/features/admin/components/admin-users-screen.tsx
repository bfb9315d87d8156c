import type { AdminUserSummary } from '@parallax/contract';
import { Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { useAuth } from '../../auth';
import {
  adminUsersKey,
  deleteAdminUser,
  resendVerification,
  updateAdminUser,
  useAdminUsers,
  type AdminUserFilters,
} from '../api/admin-users';
import { AdminPage } from '../../../ui/admin-page';
import { AdminUserDetail } from './admin-user-detail';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');
const SELECT = 'h-10 rounded-xl border border-line bg-surface px-3 text-sm';

/** /admin/users: find accounts, see their detail, and act on them. */
export function AdminUsersScreen() {
  const { user: me } = useAuth();
  const [filters, setFilters] = useState<AdminUserFilters>({
    q: '',
    role: '',
    verified: '',
    disabled: '',
  });
  const users = useAdminUsers(filters);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminUserSummary | null>(null);
  // Disabling signs the user out everywhere: asked first, like Delete. Enabling is harmless.
  const [disabling, setDisabling] = useState<AdminUserSummary | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (failure: string, success: string, run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      toast.success(success);
    } catch (error) {
      toast.error(failure, reason(error));
    } finally {
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      setBusy(false);
    }
  };

  const set =
    (field: keyof AdminUserFilters) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setFilters((f) => ({ ...f, [field]: event.target.value }));

  return (
    <AdminPage
      title="Users"
      description="Accounts, their plan and state. Disabling signs a user out everywhere at once."
    >
      <div className="mb-4 flex flex-wrap gap-2" role="search">
        <Input
          aria-label="Search by email"
          placeholder="Search by email"
          value={filters.q}
          onChange={set('q')}
          className="min-w-0 flex-1 basis-56"
        />
        <select aria-label="Role" className={SELECT} value={filters.role} onChange={set('role')}>
          <option value="">Any role</option>
          <option value="user">Users</option>
          <option value="admin">Admins</option>
        </select>
        <select
          aria-label="Verified"
          className={SELECT}
          value={filters.verified}
          onChange={set('verified')}
        >
          <option value="">Verified or not</option>
          <option value="true">Verified</option>
          <option value="false">Not verified</option>
        </select>
        <select
          aria-label="Disabled"
          className={SELECT}
          value={filters.disabled}
          onChange={set('disabled')}
        >
          <option value="">Active or disabled</option>
          <option value="false">Active</option>
          <option value="true">Disabled</option>
        </select>
      </div>
      {users.isLoading ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
      ) : users.isError ? (
        <LoadFailed
          icon={Users}
          title="Could not load the users"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : (users.data?.users.length ?? 0) === 0 ? (
        <EmptyState
          icon={Users}
          title="No users match"
          description="Change the search or the filters."
        />
      ) : (
        <Card className="px-4">
          <p className="pt-3 text-xs text-fg-muted">{users.data?.total} users</p>
          <ul className="divide-y divide-line" aria-label="Users">
            {users.data?.users.map((u) => {
              const self = u.id === me?.id;
              return (
                <li key={u.id} className="py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="break-all font-medium">{u.email}</span>
                        {u.role === 'admin' && <Badge tone="accent">Admin</Badge>}
                        {u.disabled && <Badge tone="danger">Disabled</Badge>}
                        {!u.email_verified && <Badge tone="warning">Not verified</Badge>}
                      </p>
                      <p className="text-xs text-fg-muted">
                        {u.plan_name ?? u.plan_id} · last active{' '}
                        {u.last_active_at
                          ? new Date(u.last_active_at).toLocaleDateString()
                          : 'never'}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-expanded={open === u.id}
                        onClick={() => setOpen(open === u.id ? null : u.id)}
                      >
                        Details
                      </Button>
                      {!u.email_verified && (
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busy}
                          onClick={() =>
                            void act('Could not send the code', 'Verification code sent', () =>
                              resendVerification(u.id),
                            )
                          }
                        >
                          Resend verification
                        </Button>
                      )}
                      {!self && (
                        <>
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() =>
                              void act(
                                'Could not change the role',
                                u.role === 'admin' ? 'Admin role removed' : 'Admin role granted',
                                () =>
                                  updateAdminUser(u.id, {
                                    role: u.role === 'admin' ? 'user' : 'admin',
                                  }),
                              )
                            }
                          >
                            {u.role === 'admin' ? 'Remove admin' : 'Make admin'}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() =>
                              u.disabled
                                ? void act('Could not enable the user', 'User enabled', () =>
                                    updateAdminUser(u.id, { disabled: false }),
                                  )
                                : setDisabling(u)
                            }
                          >
                            {u.disabled ? 'Enable' : 'Disable'}
                          </Button>
                          <Button
                            size="sm"
                            variant="danger"
                            disabled={busy}
                            onClick={() => setDeleting(u)}
                          >
                            Delete
                          </Button>
                        </>
                      )}
                    </div>
                  </div>
                  {open === u.id && (
                    <div className="mt-3">
                      <AdminUserDetail id={u.id} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      <ConfirmDialog
        open={disabling !== null}
        title="Disable this user?"
        description={`${disabling?.email ?? ''} will be signed out everywhere at once and cannot sign in until an admin enables the account again. Nothing the account owns is deleted.`}
        confirmLabel="Disable user"
        pending={busy}
        onCancel={() => setDisabling(null)}
        onConfirm={() => {
          const target = disabling;
          if (!target) return;
          void act('Could not disable the user', 'User disabled and signed out', () =>
            updateAdminUser(target.id, { disabled: true }),
          ).then(() => setDisabling(null));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this user?"
        description={`${deleting?.email ?? ''} and everything the account owns (chats, projects, keys) will be deleted. This cannot be undone.`}
        confirmLabel="Delete user"
        pending={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          if (!target) return;
          void act('Could not delete the user', 'User deleted', () =>
            deleteAdminUser(target.id),
          ).then(() => setDeleting(null));
        }}
      />
    </AdminPage>
  );
}
