import type { ChatMcpChoice, McpServerView } from '@parallax/contract';
import { Wrench } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { Switch } from '../../../ui/switch';
import { isServerOn, isToolOn, toolsOnCount, withServer, withTool } from '../model/chat-mcp-choice';
import { HealthBadge } from './health-badge';
import { McpServerExtras } from './mcp-server-extras';

export const VAULT_MCP_WARNING =
  'A tool call sends what the model writes for it to that server, unsealed; the chat itself stays sealed in your vault.';

interface Placement {
  above: boolean;
  maxHeight: number | undefined;
}

/**
 * Above the button where there is more room above (a chat's box at the foot of the page), else
 * below (the new-chat box mid-page), never taller than that room: the panel's top stays on screen.
 */
function placementFor(button: HTMLElement): Placement {
  const rect = button.getBoundingClientRect();
  const roomAbove = rect.top;
  const roomBelow = window.innerHeight - rect.bottom;
  const above = roomAbove >= roomBelow;
  const room = (above ? roomAbove : roomBelow) - 24;
  return { above, maxHeight: Math.max(160, Math.min(room, window.innerHeight * 0.6)) };
}

/**
 * The composer's Tools menu: the MCP servers the caller may use, each on or off for this chat,
 * and each server's tools on or off one by one. Names and descriptions are the servers' own
 * text: shown as plain text.
 */
export function McpToolsMenu({
  servers,
  choice,
  onChange,
  failed = false,
  inVault = false,
  onInsert,
}: {
  servers: readonly McpServerView[];
  choice: ChatMcpChoice;
  onChange: (choice: ChatMcpChoice) => void;
  failed?: boolean;
  inVault?: boolean;
  /** Puts a server's prompt or resource text into the message box (the menu then closes). */
  onInsert?: (text: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<Placement>({ above: true, maxHeight: undefined });
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const count = toolsOnCount(choice, servers);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <div
      // On phones the panel spans the message box above it (the box is its positioned parent).
      className="shrink-0 sm:relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={count > 0 ? `Tools, ${count} on` : 'Tools'}
        title={failed ? 'Could not save the Tools setting' : 'Tools'}
        data-testid="mcp-tools-menu"
        onClick={() => {
          if (!open && button.current) setPlace(placementFor(button.current));
          setOpen((o) => !o);
        }}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 rounded-lg border px-2 text-xs font-medium focus-visible:outline-2 focus-visible:outline-accent',
          count > 0
            ? 'border-accent bg-accent-soft text-accent-soft-fg'
            : 'border-line bg-surface text-fg-muted hover:border-line-strong hover:text-fg',
          failed && 'border-red-500',
        )}
      >
        <Wrench className="size-4" aria-hidden />
        <span className="hidden sm:inline">Tools</span>
        {count > 0 && <span className="tabular-nums">{count}</span>}
      </button>
      {open && (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="group"
          aria-label="Tools for this chat"
          style={{ maxHeight: place.maxHeight }}
          className={cn(
            'absolute inset-x-0 z-40 max-h-[60vh] overflow-y-auto rounded-xl border border-line bg-surface p-3 text-sm text-fg shadow-lg sm:inset-x-auto sm:left-0 sm:w-96',
            place.above ? 'bottom-full mb-2' : 'top-full mt-2',
          )}
        >
          <p className="mb-2 font-medium">Tools for this chat</p>
          {inVault && (
            <p className="mb-2 text-xs text-amber-800 dark:text-amber-300">{VAULT_MCP_WARNING}</p>
          )}
          {servers.length === 0 ? (
            <p className="text-fg-muted">
              No tool servers yet.{' '}
              <Link to="/settings#tools" className="text-accent underline">
                Add one in Settings
              </Link>
              .
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {servers.map((server) => (
                <ServerChoice
                  key={server.id}
                  server={server}
                  choice={choice}
                  onChange={onChange}
                  {...(onInsert && {
                    onInsert: (text: string) => {
                      onInsert(text);
                      setOpen(false);
                    },
                  })}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function ServerChoice({
  server,
  choice,
  onChange,
  onInsert,
}: {
  server: McpServerView;
  choice: ChatMcpChoice;
  onChange: (choice: ChatMcpChoice) => void;
  onInsert?: (text: string) => void;
}) {
  const id = useId();
  const on = isServerOn(choice, server.id);
  return (
    <li data-testid="mcp-menu-server" data-server={server.name}>
      <div className="flex items-start gap-2">
        <Switch
          checked={on}
          onCheckedChange={(next) => onChange(withServer(choice, server, next))}
          aria-labelledby={`${id}-name`}
        />
        <div className="min-w-0 flex-1">
          <p id={`${id}-name`} className="font-medium break-words">
            {server.title}
          </p>
          <div className="mt-0.5 flex flex-wrap items-center gap-2">
            <HealthBadge health={server.health} withReason={false} />
            {server.health.state === 'needs_sign_in' && (
              <Link to="/settings#tools" className="text-xs text-accent underline">
                Sign in
              </Link>
            )}
          </div>
        </div>
      </div>
      {on && server.tools.length > 0 && (
        <ul className="mt-2 ml-13 flex flex-col gap-1" aria-label={`${server.title} tools`}>
          {server.tools.map((tool) => (
            <li key={tool.qualified_name}>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-accent"
                  checked={isToolOn(choice, server.id, tool.qualified_name)}
                  onChange={(event) =>
                    onChange(withTool(choice, tool.qualified_name, event.target.checked))
                  }
                />
                <span className="min-w-0">
                  <span className="block break-words">{tool.title ?? tool.name}</span>
                  {tool.description && (
                    <span className="line-clamp-2 block text-xs break-words text-fg-muted">
                      {tool.description}
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {onInsert && <McpServerExtras server={server} onInsert={onInsert} />}
    </li>
  );
}
