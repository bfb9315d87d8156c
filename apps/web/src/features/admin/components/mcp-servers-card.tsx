import type { AdminMcpResponse, AdminMcpServer } from '@parallax/contract';
import { Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast/toast-store';
import { HealthBadge } from '../../mcp';
import { useAdminMcp, useAdminMcpActions } from '../api/admin-mcp';
import { McpServerForm } from './mcp-server-form';
import { McpToolPolicies } from './mcp-tool-policies';

const AUTH_TEXT: Record<AdminMcpServer['auth'], string> = {
  none: 'No authentication',
  bearer: 'Bearer token',
  headers: 'Headers',
  oauth: 'OAuth (each user signs in)',
};

const message = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** AI management → MCP servers: the admin's servers, their health, tools' policies, plans. */
export function McpServersCard() {
  const mcp = useAdminMcp();
  if (mcp.isLoading)
    return (
      <Card className="space-y-3 p-4" aria-busy="true">
        <Skeleton className="h-6 w-40 rounded-lg" />
        <Skeleton className="h-16 w-full rounded-xl" />
      </Card>
    );
  if (mcp.isError || !mcp.data)
    return (
      <Card className="p-4">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the MCP servers.{' '}
          <button type="button" className="underline" onClick={() => void mcp.refetch()}>
            Try again
          </button>
        </p>
      </Card>
    );
  return <McpServersBody data={mcp.data} />;
}

function McpServersBody({ data }: { data: AdminMcpResponse }) {
  const actions = useAdminMcpActions();
  return (
    <div className="space-y-3">
      {data.servers.length === 0 ? (
        <Card className="p-4">
          <p className="text-sm text-fg-muted" data-testid="admin-mcp-empty">
            No MCP servers yet. Add one below to offer its tools in chats.
          </p>
        </Card>
      ) : (
        <ul className="space-y-3" aria-label="MCP servers">
          {data.servers.map((server) => (
            <AdminServerItem key={server.id} server={server} actions={actions} />
          ))}
        </ul>
      )}
      <Card className="p-4">
        <h3 className="mb-3 font-medium">Add an MCP server</h3>
        <McpServerForm
          onCreate={async (body) => {
            const created = await actions.create.mutateAsync(body);
            toast.success(`“${created.title}” added`);
          }}
        />
        {!data.private_urls_allowed && (
          <p className="mt-2 text-xs text-fg-muted">
            Private and loopback addresses are refused unless ALLOW_PRIVATE_PROVIDER_URLS is set.
          </p>
        )}
      </Card>
      <PlansAccess data={data} actions={actions} />
      <UserServersPrivate allowed={data.user_servers_private} actions={actions} />
    </div>
  );
}

type Actions = ReturnType<typeof useAdminMcpActions>;

function AdminServerItem({ server, actions }: { server: AdminMcpServer; actions: Actions }) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const editable = server.scope === 'admin';
  const reconnecting = actions.reconnect.isPending && actions.reconnect.variables === server.id;
  return (
    <li data-testid="admin-mcp-server" data-server={server.name}>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium break-words">
              {server.title}{' '}
              <code className="text-xs font-normal text-fg-subtle">{server.name}</code>
            </p>
            <p className="text-xs break-all text-fg-subtle">
              {server.url ?? 'stdio (server configuration)'} ·{' '}
              {server.transport === 'sse'
                ? 'SSE'
                : server.transport === 'stdio'
                  ? 'stdio'
                  : 'Streamable HTTP'}{' '}
              · {AUTH_TEXT[server.auth]}
              {server.auth_hint ? ` (${server.auth_hint})` : ''}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {!server.enabled && <Badge tone="neutral">Off</Badge>}
            <HealthBadge health={server.health} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            loading={reconnecting}
            onClick={() =>
              actions.reconnect.mutate(server.id, {
                onError: (error) => toast.error(message(error)),
              })
            }
          >
            <RefreshCw className="size-4" aria-hidden />
            Reconnect
          </Button>
          {editable && (
            <>
              <Button
                size="sm"
                variant="outline"
                aria-expanded={editing}
                onClick={() => setEditing((e) => !e)}
              >
                <Pencil className="size-4" aria-hidden />
                Edit
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
                <Trash2 className="size-4" aria-hidden />
                Remove
              </Button>
            </>
          )}
        </div>
        {editing && (
          <div className="rounded-xl border border-line p-3">
            <McpServerForm
              server={server}
              onCancel={() => setEditing(false)}
              onUpdate={async (body) => {
                await actions.update.mutateAsync({ id: server.id, body });
                toast.success('Server saved');
                setEditing(false);
              }}
            />
          </div>
        )}
        <details className="group/tools">
          <summary className="cursor-pointer text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent">
            Tools and approval ({server.tools.length})
          </summary>
          <div className="mt-2">
            <McpToolPolicies
              server={server}
              disabled={actions.update.isPending}
              onChange={(tool, policy) =>
                actions.update.mutate(
                  { id: server.id, body: { policies: { [tool]: policy } } },
                  { onError: (error) => toast.error(message(error)) },
                )
              }
            />
          </div>
        </details>
      </Card>
      <ConfirmDialog
        open={asking}
        title={`Remove ${server.title}?`}
        description="Its tools leave every chat, and users’ sign-ins to it are forgotten."
        confirmLabel="Remove"
        pending={actions.remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          actions.remove.mutate(server.id, {
            onSuccess: () => {
              setAsking(false);
              toast.success(`“${server.title}” removed`);
            },
            onError: (error) => toast.error(message(error)),
          })
        }
      />
    </li>
  );
}

function PlansAccess({ data, actions }: { data: AdminMcpResponse; actions: Actions }) {
  // Shown at once while saving; the list read after the save then says what is stored.
  const [shown, setShown] = useState<Record<string, boolean>>({});
  if (data.plans.length === 0) return null;
  const allowed = (planId: string, stored: boolean) => shown[planId] ?? stored;
  const change = (planId: string, on: boolean) => {
    const next = { ...shown, [planId]: on };
    setShown(next);
    actions.plans.mutate(
      {
        plans: data.plans.map((p) => ({
          plan_id: p.plan_id,
          user_servers: next[p.plan_id] ?? p.user_servers,
        })),
      },
      {
        onSuccess: () => setShown({}),
        onError: (error) => {
          setShown({});
          toast.error(message(error));
        },
      },
    );
  };
  return (
    <Card className="p-4">
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium">
          Plans whose users may add their own servers
        </legend>
        <p className="mb-2 text-sm text-fg-muted">
          Users add Streamable HTTP servers in Settings → Tools; private addresses are refused
          unless allowed below.
        </p>
        <ul className="divide-y divide-line rounded-xl border border-line">
          {data.plans.map((plan) => (
            <li key={plan.plan_id} className="px-3 py-2.5">
              <label className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 font-medium break-words">
                  {plan.plan_name}
                  {plan.archived && <span className="ml-1 text-fg-muted">(archived)</span>}
                </span>
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-accent"
                  checked={allowed(plan.plan_id, plan.user_servers)}
                  disabled={actions.plans.isPending}
                  onChange={(e) => change(plan.plan_id, e.target.checked)}
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </Card>
  );
}

function UserServersPrivate({ allowed, actions }: { allowed: boolean; actions: Actions }) {
  const ids = useId();
  // Shown at once while saving; the card read after the save then says what is stored.
  const shown = actions.settings.isPending
    ? (actions.settings.variables?.user_servers_private ?? allowed)
    : allowed;
  return (
    <Card className="p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={`${ids}-label`} className="text-sm font-medium">
            Users’ servers may use private addresses
          </p>
          <p id={`${ids}-warning`} className="mt-1 text-xs text-fg-muted">
            Warning: users can then reach this host and your internal network through their servers;
            cloud metadata addresses stay refused.
          </p>
        </div>
        <Switch
          aria-labelledby={`${ids}-label`}
          aria-describedby={`${ids}-warning`}
          checked={shown}
          disabled={actions.settings.isPending}
          onCheckedChange={(on) =>
            actions.settings.mutate(
              { user_servers_private: on },
              { onError: (error) => toast.error(message(error)) },
            )
          }
        />
      </div>
    </Card>
  );
}
