import {
  ChevronRight,
  Columns3,
  FolderKanban,
  LayoutTemplate,
  LockKeyhole,
  LockKeyholeOpen,
  MessagesSquare,
  Star,
  WandSparkles,
} from 'lucide-react';
import { useEffect, useId, type ComponentType } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { useAuth } from '../../features/auth';
import { RecentProjects } from '../../features/projects';
import { useVaultSession } from '../../features/vault';
import { useSidebar } from './sidebar-store';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/** Projects under the Projects link: few enough that eight recent chats fit at 1280×800. */
const SIDEBAR_PROJECTS = 3;

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

const TOOLS: readonly NavItem[] = [
  { to: '/prompt-templates', label: 'Prompt templates', icon: LayoutTemplate },
  { to: '/prompt-generator', label: 'Prompt generator', icon: WandSparkles },
  { to: '/vault', label: 'Vault', icon: VaultLockIcon },
];

const ROW = 'flex h-8 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors';

function NavRow({ to, label, icon: Icon }: NavItem) {
  return (
    <li>
      <NavLink
        to={to}
        className={({ isActive }) =>
          cn(
            ROW,
            isActive ? 'bg-surface-3/70 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
          )
        }
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {label}
      </NavLink>
    </li>
  );
}

/** The sidebar's links: the workspace with the latest projects, then the Tools group, folded by default. */
export function SidebarNav() {
  const toolsOpen = useSidebar((s) => s.toolsOpen);
  const setToolsOpen = useSidebar((s) => s.setToolsOpen);
  const toolsId = useId();
  return (
    <div className="space-y-1">
      <ul className="space-y-0.5">
        <NavRow to="/chats" label="Chats" icon={MessagesSquare} />
        <NavRow to="/project" label="Projects" icon={FolderKanban} />
        <li>
          <RecentProjects limit={SIDEBAR_PROJECTS} nested />
        </li>
        <NavRow to="/favourites" label="Favourites" icon={Star} />
        <NavRow to="/compare" label="Compare" icon={Columns3} />
      </ul>
      <button
        type="button"
        aria-expanded={toolsOpen}
        aria-controls={toolsId}
        onClick={() => setToolsOpen(!toolsOpen)}
        className={cn(ROW, 'w-full text-fg-muted hover:bg-surface-2 hover:text-fg')}
      >
        <ChevronRight
          className={cn('size-4 shrink-0 transition-transform', toolsOpen && 'rotate-90')}
          aria-hidden
        />
        Tools
      </button>
      <ul id={toolsId} hidden={!toolsOpen} className="space-y-0.5">
        {TOOLS.map((item) => (
          <NavRow key={item.to} {...item} />
        ))}
      </ul>
    </div>
  );
}
