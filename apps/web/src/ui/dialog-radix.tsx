import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import type { ModalProps } from './dialog';

/** The Radix dialog behind ui/dialog's Modal, loaded after the first render. */
export function RadixModal({
  open,
  onOpenChange,
  title,
  description,
  children,
  onBackdropClick,
  showClose = true,
  className,
}: ModalProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="modal-backdrop"
          className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[2px] animate-fade-in"
          onClick={onBackdropClick}
        />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'rounded-2xl border border-line bg-surface p-6 shadow-pop animate-pop-in focus:outline-none',
            className,
          )}
          onPointerDownOutside={(event) => {
            // The overlay's own click handler decides what a backdrop click means.
            if (onBackdropClick) event.preventDefault();
          }}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold tracking-tight">
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-fg-muted">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
          {showClose && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 grid size-8 place-items-center rounded-lg text-fg-subtle hover:bg-surface-2 hover:text-fg"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
