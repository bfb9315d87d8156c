import {
  Columns3,
  FolderKanban,
  LayoutTemplate,
  LockKeyhole,
  LockKeyholeOpen,
  MessagesSquare,
  Search,
  SquarePen,
  Star,
  WandSparkles,
} from 'lucide-react';
import { useEffect, type ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { RecentChats } from '../../features/conversations';
import { openPalette } from '../../features/search';
import { Kbd } from '../../ui/kbd';
import { RecentProjects } from '../../features/projects';
import { useAuth } from '../../features/auth';
import { useVaultSession } from '../../features/vault';
import { AccountMenu } from './account-menu';
import { ThemeToggle } from './theme-toggle';

// The key the palette answers to, as this keyboard labels it.
const SEARCH_KEYS =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘K' : 'Ctrl K';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/**
 * The vault's entry shows whether it is locked (the usual state) or open in this tab. Signed
 * out, the tab forgets the vault session too (the server ended it with the sign-in session).
 */
function VaultLockIcon({ className }: { className?: string }) {
  const { isAuthenticated } = useAuth();
  const token = useVaultSession((s) => s.token);
  useEffect(() => {
    if (!isAuthenticated && token !== null) useVaultSession.getState().close();
  }, [isAuthenticated, token]);
  const open = isAuthenticated && token !== null;
  const Icon = open ? LockKeyholeOpen : LockKeyhole;
  return (
    <>
      <Icon className={className} aria-hidden />
      <span className="sr-only">{open ? '(unlocked)' : '(locked)'}</span>
    </>
  );
}

const PRIMARY: readonly NavItem[] = [
  { to: '/chats', label: 'Chats', icon: MessagesSquare },
  { to: '/project', label: 'Projects', icon: FolderKanban },
  { to: '/favourites', label: 'Favourites', icon: Star },
  { to: '/compare', label: 'Compare', icon: Columns3 },
];

const TOOLS: readonly NavItem[] = [
  { to: '/prompt-templates', label: 'Prompt templates', icon: LayoutTemplate },
  { to: '/prompt-generator', label: 'Prompt generator', icon: WandSparkles },
  { to: '/vault', label: 'Vault', icon: VaultLockIcon },
];

function NavList({ items, label }: { items: readonly NavItem[]; label: string }) {
  return (
    <div>
      <p className="px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-fg-muted uppercase">
        {label}
      </p>
      <ul className="space-y-0.5">
        {items.map(({ to, label: text, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-surface-3/70 text-fg'
                    : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Everything the sidebar holds; shared by the desktop rail and the phone drawer. */
export function SidebarContent({ onNewChat }: { onNewChat: () => void }) {
  return (
    <div className="flex h-full flex-col gap-5 px-3 py-4">
      <Link
        to="/"
        className="flex items-center gap-2.5 rounded-lg px-2 py-1"
        aria-label="Parallax home"
      >
        <Logo className="size-7" />
        <span className="text-[15px] font-semibold tracking-tight">Parallax</span>
      </Link>
      <button
        type="button"
        onClick={onNewChat}
        className={buttonClasses('primary', 'md', 'w-full justify-start')}
      >
        <SquarePen className="size-4" aria-hidden /> New chat
      </button>
      <button
        type="button"
        onClick={openPalette}
        className="-mt-2 flex h-9 w-full items-center gap-3 rounded-lg border border-line px-3 text-sm text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        <span className="flex-1 text-left">Search</span>
        <Kbd aria-hidden>{SEARCH_KEYS}</Kbd>
      </button>
      <nav aria-label="Main" className="flex flex-1 flex-col gap-5 overflow-y-auto">
        <NavList items={PRIMARY} label="Workspace" />
        <NavList items={TOOLS} label="Tools" />
        <RecentProjects />
        <RecentChats />
      </nav>
      <div className="space-y-3 border-t border-line pt-4">
        <ThemeToggle />
        <AccountMenu />
      </div>
    </div>
  );
}
