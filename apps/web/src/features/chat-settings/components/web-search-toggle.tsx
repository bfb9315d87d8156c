import { Globe } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import type { WebSearchToggle } from '../hooks/use-web-search-toggle';

export const VAULT_SEARCH_WARNING =
  'The model may send search queries to the search provider and open web pages. Those queries leave this server unsealed; the chat itself stays sealed in your vault.';

/**
 * The composer's Web search switch: the model may search the web and read pages for this chat.
 * In the vault it asks first, because a search leaves the server.
 */
export function WebSearchToggleButton({
  toggle,
  inVault = false,
}: {
  toggle: WebSearchToggle;
  inVault?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const flip = () => {
    if (!toggle.on && inVault) setAsking(true);
    else toggle.set(!toggle.on);
  };
  return (
    <>
      <button
        type="button"
        aria-pressed={toggle.on}
        onClick={flip}
        aria-label="Web search"
        title={toggle.failed ? 'Could not save the Web search setting' : 'Web search'}
        data-testid="web-search-toggle"
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border px-2 text-xs font-medium focus-visible:outline-2 focus-visible:outline-accent',
          toggle.on
            ? 'border-accent bg-accent-soft text-accent-soft-fg'
            : 'border-line bg-surface text-fg-muted hover:border-line-strong hover:text-fg',
          toggle.failed && 'border-red-500',
        )}
      >
        <Globe className="size-4" aria-hidden />
        <span className="hidden sm:inline">Search</span>
      </button>
      <ConfirmDialog
        open={asking}
        title="Search the web from the vault?"
        description={VAULT_SEARCH_WARNING}
        confirmLabel="Turn on web search"
        onConfirm={() => {
          setAsking(false);
          toggle.set(true);
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
