import { MCP_LIMITS } from '@parallax/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../auth';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { startMcpSignIn, useMcpServerActions, useMcpServers } from '../api/mcp-servers';
import { AddMcpServerForm } from './add-mcp-server-form';
import { McpServerCard } from './mcp-server-card';

/** Where the server's sign-in page sends the browser back to (this section). */
const RETURN_TO = '/settings';

/**
 * Settings → Tools: the MCP servers the user may use (their own and the admin's), each with
 * health, sign-in and tools, and adding their own where their plan allows it.
 */
export function McpSettings() {
  const { user } = useAuth();
  const accountKey = user?.id ?? null;
  const servers = useMcpServers(accountKey);
  const actions = useMcpServerActions(accountKey ?? 'none');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const top = useRef<HTMLDivElement>(null);

  // Back from a server's sign-in page: say how it went, once, and show this section.
  const outcome = params.get('mcp_oauth');
  useEffect(() => {
    if (outcome === null) return;
    if (outcome === 'ok') toast.success('Signed in to the tool server');
    else toast.error('Signing in to the tool server did not work. Please try again.');
    setParams(
      (p) => {
        p.delete('mcp_oauth');
        return p;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
  useEffect(() => {
    if (outcome !== null || location.hash === '#tools')
      top.current?.scrollIntoView({ block: 'start' });
  }, [outcome, location.hash]);

  if (servers.isLoading)
    return (
      <div ref={top} className="space-y-2" aria-busy="true">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-10 w-48 rounded-xl" />
      </div>
    );
  if (servers.isError || !servers.data)
    return (
      <div
        ref={top}
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <span className="text-fg-muted">Your tool servers could not be loaded.</span>
        <button type="button" className="underline" onClick={() => void servers.refetch()}>
          Try again
        </button>
      </div>
    );

  const { servers: list, user_servers_allowed: allowed } = servers.data;
  const own = list.filter((s) => s.scope === 'user').length;
  const busy =
    actions.remove.isPending ||
    actions.setPolicies.isPending ||
    actions.reconnect.isPending ||
    actions.signOut.isPending;
  return (
    <div ref={top} className="space-y-5">
      {list.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="mcp-empty">
          No tool servers yet.{allowed ? ' Add one below to use its tools in your chats.' : ''}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Tool servers">
          {list.map((server) => (
            <McpServerCard
              key={server.id}
              server={server}
              busy={busy}
              onSignIn={async () => {
                try {
                  window.location.assign(await startMcpSignIn(server.id, RETURN_TO));
                } catch (error) {
                  toast.error(
                    error instanceof Error ? error.message : 'Could not start signing in.',
                  );
                  throw error;
                }
              }}
              onRemove={async () => {
                try {
                  await actions.remove.mutateAsync(server.id);
                  toast.success(`${server.title} removed`);
                } catch (error) {
                  toast.error(error instanceof Error ? error.message : 'Could not remove it.');
                  throw error;
                }
              }}
              onSignOut={() =>
                actions.signOut.mutate(server.id, {
                  onSuccess: () => toast.success(`Signed out of ${server.title}`),
                  onError: (error) =>
                    toast.error(error instanceof Error ? error.message : 'Could not sign out.'),
                })
              }
              onReconnect={() =>
                actions.reconnect.mutate(server.id, {
                  onError: (error) =>
                    toast.error(error instanceof Error ? error.message : 'Could not reconnect.'),
                })
              }
              onPolicy={(tool, policy) =>
                actions.setPolicies.mutate(
                  { id: server.id, body: { policies: { [tool.name]: policy } } },
                  { onError: () => toast.error('Could not save the approval setting.') },
                )
              }
            />
          ))}
        </ul>
      )}
      {!allowed ? (
        <p className="text-sm text-fg-muted">Your plan does not include adding your own servers.</p>
      ) : own >= MCP_LIMITS.userServersMax ? (
        <p className="text-sm text-fg-muted">
          You have added {MCP_LIMITS.userServersMax} servers, the most one account may have.
        </p>
      ) : (
        <div>
          <h3 className="mb-2 text-sm font-semibold">Add a server</h3>
          <AddMcpServerForm
            onAdd={async (body) => {
              const added = await actions.add.mutateAsync(body);
              toast.success(`${added.title} added`);
              return added;
            }}
          />
        </div>
      )}
    </div>
  );
}
