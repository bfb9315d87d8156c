import { Menu, SquarePen, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Dialog } from 'radix-ui';
import { Logo } from '../../ui/logo';
import { SidebarContent } from './sidebar-content';
import { useNewChat } from './use-new-chat';

const ICON_BUTTON =
  'grid size-9 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg';

/** The signed-in/visitor shell: sidebar on wide screens, top bar + drawer on phones. */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const newChat = useNewChat();

  // Any navigation closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.key]);

  // Ctrl/Cmd+K: focus the composer, or start a new chat from elsewhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        newChat();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [newChat]);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="fixed top-3 left-3 z-[70] -translate-y-20 rounded-lg bg-accent px-4 py-2 text-sm font-medium text-accent-fg shadow-pop transition-transform focus:translate-y-0"
      >
        Skip to content
      </a>

      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-line bg-surface/70 backdrop-blur md:block">
        <SidebarContent onNewChat={newChat} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 animate-fade-in md:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[min(18rem,85vw)] border-r border-line bg-surface shadow-pop animate-slide-in-left focus:outline-none md:hidden">
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Dialog.Description className="sr-only">Main navigation and account</Dialog.Description>
            <SidebarContent
              onNewChat={() => {
                setDrawerOpen(false);
                newChat();
              }}
            />
            <Dialog.Close
              aria-label="Close navigation"
              className={`absolute top-4 right-3 ${ICON_BUTTON}`}
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-line bg-canvas/85 px-3 backdrop-blur md:hidden">
          <button
            type="button"
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
            className={ICON_BUTTON}
          >
            <Menu className="size-5" aria-hidden />
          </button>
          <Link to="/" className="flex items-center gap-2 rounded-lg" aria-label="Parallax home">
            <Logo className="size-6" />
            <span className="font-semibold tracking-tight">Parallax</span>
          </Link>
          <button type="button" aria-label="New chat" onClick={newChat} className={ICON_BUTTON}>
            <SquarePen className="size-5" aria-hidden />
          </button>
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
