import { Menu, Search, SquarePen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { MockApiNotice } from '../../features/app-config';
import { openPalette, usePalette } from '../../features/search';
import { ErrorBoundary } from '../../ui/error-boundary/error-boundary';
import { lazyPart, useLazyPart } from '../../ui/lazy/lazy-part';
import { Logo } from '../../ui/logo';
import { PaletteHost } from './palette-host';
import { cn } from '../../lib/cn';
import { SidebarContent } from './sidebar-content';
import { SidebarRail } from './sidebar-rail';
import { useSidebar } from './sidebar-store';
import { ShortcutsDialog } from '../shortcuts/shortcuts-dialog';
import { useGlobalShortcuts } from '../shortcuts/use-global-shortcuts';
import { useNewChat } from './use-new-chat';

// Same classes as the drawer's close button (navigation-drawer.tsx), kept here so the drawer
// module, and Radix's dialog with it, stays out of the first load.
const ICON_BUTTON =
  'grid size-9 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg';

// Loaded a moment after the first render, or on the first tap of the menu button before that;
// a failed fetch leaves the button as it was, and the next tap tries again.
const navigationDrawer = lazyPart(() => import('./navigation-drawer'));

/** The signed-in/visitor shell: sidebar on wide screens, top bar + drawer on phones. */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useLazyPart(navigationDrawer);
  const location = useLocation();
  const newChat = useNewChat();

  // Any navigation closes the drawer, and so does the search palette opening over it.
  const paletteOpen = usePalette((s) => s.open);
  useEffect(() => setDrawerOpen(false), [location.key, paletteOpen]);

  const collapsed = useSidebar((s) => s.collapsed);
  const toggleSidebar = useSidebar((s) => s.toggleCollapsed);
  const shortcuts = useGlobalShortcuts(newChat, toggleSidebar);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="fixed top-3 left-3 z-[70] -translate-y-20 rounded-lg bg-accent px-4 py-2 text-sm font-medium text-accent-fg shadow-pop transition-transform focus:translate-y-0"
      >
        Skip to content
      </a>

      <aside
        aria-label="Sidebar"
        data-collapsed={collapsed}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 border-r border-line bg-surface/70 backdrop-blur md:block',
          collapsed ? 'w-14' : 'w-64',
        )}
      >
        <ErrorBoundary level="section">
          {collapsed ? (
            <SidebarRail onNewChat={newChat} onExpand={toggleSidebar} />
          ) : (
            <SidebarContent onNewChat={newChat} onCollapse={toggleSidebar} />
          )}
        </ErrorBoundary>
      </aside>

      <ShortcutsDialog open={shortcuts.helpOpen} onOpenChange={shortcuts.setHelpOpen} />
      <PaletteHost />
      {drawer && (
        <drawer.NavigationDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          onNewChat={newChat}
        />
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-line bg-canvas/85 px-3 backdrop-blur md:hidden">
          <button
            type="button"
            aria-label="Open navigation"
            onClick={() => {
              navigationDrawer.load().then(
                () => setDrawerOpen(true),
                () => undefined,
              );
            }}
            className={ICON_BUTTON}
          >
            <Menu className="size-5" aria-hidden />
          </button>
          <Link to="/" className="flex items-center gap-2 rounded-lg" aria-label="Parallax home">
            <Logo className="size-6" />
            <span className="font-semibold tracking-tight">Parallax</span>
          </Link>
          <div className="flex items-center">
            <button type="button" aria-label="Search" onClick={openPalette} className={ICON_BUTTON}>
              <Search className="size-5" aria-hidden />
            </button>
            <button type="button" aria-label="New chat" onClick={newChat} className={ICON_BUTTON}>
              <SquarePen className="size-5" aria-hidden />
            </button>
          </div>
        </header>
        <MockApiNotice />
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
