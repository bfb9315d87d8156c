import type { AuthSession } from '@parallax/contract';
import {
  Bot,
  Monitor,
  MonitorSmartphone,
  Smartphone,
  Tablet,
  Tv,
  type LucideIcon,
} from 'lucide-react';
import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { authErrorMessage } from '../../auth';
import { useSessions, useSignOutSession } from '../api/sessions';
import { lastActive, sessionPlace, sessionTitle } from './session-label';

const DEVICE_ICONS: Record<AuthSession['device'], LucideIcon> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  tv: Tv,
  bot: Bot,
  unknown: MonitorSmartphone,
};

/** Every device signed in to the account, this one first marked; any other can be signed out. */
export function SessionList() {
  const sessions = useSessions();
  const signOut = useSignOutSession();

  if (sessions.isPending) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading sessions">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <LoadFailed
        icon={MonitorSmartphone}
        title="Could not load your sessions"
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
      />
    );
  }

  const end = (s: AuthSession) =>
    signOut.mutate(s.id, {
      onSuccess: () => toast.success('Signed out', `${sessionTitle(s)} was signed out.`),
      onError: (e) =>
        toast.error(
          'Could not sign that session out',
          authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected),
        ),
    });

  return (
    <ul
      aria-label="Signed-in sessions"
      className="divide-y divide-line rounded-xl border border-line"
    >
      {sessions.data.map((s) => {
        const Icon = DEVICE_ICONS[s.device];
        const ending = signOut.isPending && signOut.variables === s.id;
        return (
          <li
            key={s.id}
            data-testid="session"
            className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
          >
            <Icon className="size-5 shrink-0 text-fg-muted" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium break-words">
                {sessionTitle(s)}
                {s.current && <Badge tone="success">This device</Badge>}
              </p>
              <p className="text-xs break-words text-fg-muted">
                {sessionPlace(s)} · {lastActive(s)}
              </p>
            </div>
            {!s.current && (
              <Button
                variant="outline"
                size="sm"
                loading={ending}
                disabled={ending}
                aria-label={`Sign out ${sessionTitle(s)}`}
                onClick={() => end(s)}
              >
                Sign out
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
