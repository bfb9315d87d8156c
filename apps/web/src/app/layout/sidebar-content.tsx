import { PanelLeftClose, Search, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { RecentChats } from '../../features/conversations';
import { openPalette } from '../../features/search';
import { AccountMenu } from './account-menu';
import { modKeyLabel } from './sidebar-keys';
import { SidebarNav } from './sidebar-nav';
import { ThemeToggle } from './theme-toggle';

export const SIDEBAR_ICON_BUTTON =
  'grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg';

/**
 * Everything the sidebar holds; shared by the desktop sidebar and the phone drawer (which has
 * its own close button, so no `onCollapse`). Recent chats scroll in a region of their own that
 * takes the room the links leave, so the other sections never push them out of sight.
 */
export function SidebarContent({
  onNewChat,
  onCollapse,
}: {
  onNewChat: () => void;
  onCollapse?: () => void;
}) {
  return (
    <div className="flex h-full flex-col gap-2 px-3 py-3">
      <div className="flex items-center gap-1 pr-10 md:pr-0">
        <Link
          to="/"
          className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg px-2 py-1"
          aria-label="Parallax home"
        >
          <Logo className="size-7" />
          <span className="text-[15px] font-semibold tracking-tight">Parallax</span>
        </Link>
        <ThemeToggle className={SIDEBAR_ICON_BUTTON} />
        {onCollapse && (
          <button
            type="button"
            aria-label="Collapse sidebar"
            title={`Collapse sidebar (${modKeyLabel('B')})`}
            onClick={onCollapse}
            className={SIDEBAR_ICON_BUTTON}
          >
            <PanelLeftClose className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onNewChat}
          className={buttonClasses('primary', 'md', 'h-9 min-w-0 flex-1 justify-start')}
        >
          <SquarePen className="size-4" aria-hidden /> New chat
        </button>
        <button
          type="button"
          onClick={openPalette}
          aria-label="Search"
          title={`Search chats and actions (${modKeyLabel('K')})`}
          className="grid size-9 shrink-0 place-items-center rounded-xl border border-line text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
        >
          <Search className="size-4" aria-hidden />
        </button>
      </div>
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col gap-2">
        <div className="min-h-0 shrink overflow-y-auto">
          <SidebarNav />
        </div>
        <div className="min-h-32 flex-1 overflow-y-auto" data-testid="recent-chats-scroll">
          <RecentChats />
        </div>
      </nav>
      <div className="border-t border-line pt-2">
        <AccountMenu />
      </div>
    </div>
  );
}
