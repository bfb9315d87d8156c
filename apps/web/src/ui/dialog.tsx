import { useEffect, type ReactNode } from 'react';
import { lazyPart, useLazyPart } from './lazy/lazy-part';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Called when the backdrop itself is clicked (Radix reports it as an outside interaction). */
  onBackdropClick?: () => void;
  showClose?: boolean;
  className?: string;
}

const radixModal = lazyPart(() => import('./dialog-radix'));

/**
 * A centred modal dialog: focus trapped, Esc closes, labelled by its title. Radix loads when
 * the browser is idle after the first render, or at once when a modal opens before that.
 */
export function Modal(props: ModalProps) {
  const impl = useLazyPart(radixModal);
  useEffect(() => {
    // A failed fetch shows nothing; the modal's next opening tries again.
    if (props.open && !impl) radixModal.load().catch(() => undefined);
  }, [props.open, impl]);
  return impl ? <impl.RadixModal {...props} /> : null;
}
