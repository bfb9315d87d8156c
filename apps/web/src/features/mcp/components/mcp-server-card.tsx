import type { McpServerView, McpToolPolicy, McpToolView } from '@parallax/contract';
import { LogIn, LogOut, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { HealthBadge } from './health-badge';
import { McpToolList } from './mcp-tool-list';

const SCOPE_TEXT: Record<McpServerView['scope'], string> = {
  user: 'Added by you',
  admin: 'From your admin',
  config: 'From your admin',
};

/** Whether the caller has to sign in before the server's tools can run for them. */
export function needsSignIn(server: McpServerView): boolean {
  return server.health.state === 'needs_sign_in' || (server.auth === 'oauth' && !server.signed_in);
}

/** One server in Settings → Tools: health, sign-in, its tools, and removal of the caller's own. */
export function McpServerCard({
  server,
  onSignIn,
  onRemove,
  onReconnect,
  onSignOut,
  onPolicy,
  busy,
}: {
  server: McpServerView;
  onSignIn: () => Promise<void>;
  onRemove: () => Promise<void>;
  /** Connects again now; absent where nothing can be retried. */
  onReconnect?: () => void;
  /** Forgets the caller's sign-in to an OAuth server. */
  onSignOut?: () => void;
  onPolicy: (tool: McpToolView, policy: McpToolPolicy) => void;
  busy: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const signIn = needsSignIn(server);
  return (
    <li
      className="rounded-xl border border-line p-4"
      data-testid="mcp-server"
      data-server={server.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{server.title}</p>
          <p className="text-xs break-all text-fg-subtle">
            {server.url ?? server.name} · {SCOPE_TEXT[server.scope]}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {server.auth === 'oauth' && server.signed_in && !signIn && (
            <Badge tone="neutral">Signed in</Badge>
          )}
          <HealthBadge health={server.health} />
        </div>
      </div>
      {server.description && (
        <p className="mt-2 text-sm break-words whitespace-pre-line text-fg-muted">
          {server.description}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {signIn && (
          <Button
            size="sm"
            loading={signingIn}
            disabled={busy}
            onClick={() => {
              setSigningIn(true);
              // The browser leaves for the server's sign-in page; only a failure comes back here.
              onSignIn().catch(() => setSigningIn(false));
            }}
          >
            <LogIn className="size-4" aria-hidden />
            Sign in
          </Button>
        )}
        {onSignOut && server.auth === 'oauth' && server.signed_in && (
          <Button size="sm" variant="outline" disabled={busy} onClick={onSignOut}>
            <LogOut className="size-4" aria-hidden />
            Sign out
          </Button>
        )}
        {onReconnect && server.health.state === 'failing' && (
          <Button size="sm" variant="outline" disabled={busy} onClick={onReconnect}>
            <RefreshCw className="size-4" aria-hidden />
            Reconnect
          </Button>
        )}
        {server.scope === 'user' && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setAsking(true)}>
            <Trash2 className="size-4" aria-hidden />
            Remove
          </Button>
        )}
      </div>
      <div className="mt-3">
        <p className="mb-1 text-sm font-medium">Tools</p>
        <McpToolList tools={server.tools} onPolicy={onPolicy} disabled={busy} />
      </div>
      <ConfirmDialog
        open={asking}
        title={`Remove ${server.title}?`}
        description="Its tools leave every chat, and your sign-in to it is forgotten."
        confirmLabel="Remove"
        pending={removing}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setRemoving(true);
          onRemove()
            .then(() => setAsking(false))
            .catch(() => undefined)
            .finally(() => setRemoving(false));
        }}
      />
    </li>
  );
}
