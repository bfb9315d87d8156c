import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { SidebarContent } from './sidebar-content';

const ICON_BUTTON =
  'grid size-9 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg';

interface NavigationDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNewChat: () => void;
}

/** The phone's navigation: the sidebar in a drawer, loaded after the first render (app-layout). */
export function NavigationDrawer({ open, onOpenChange, onNewChat }: NavigationDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 animate-fade-in md:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[min(18rem,85vw)] border-r border-line bg-surface shadow-pop animate-slide-in-left focus:outline-none md:hidden">
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Dialog.Description className="sr-only">Main navigation and account</Dialog.Description>
          <SidebarContent
            onNewChat={() => {
              onOpenChange(false);
              onNewChat();
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
  );
}
