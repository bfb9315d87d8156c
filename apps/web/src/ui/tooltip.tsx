import type { ReactNode } from 'react';
import { lazyPart, useLazyPart } from './lazy/lazy-part';

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

const radixTooltip = lazyPart(() => import('./tooltip-radix'));

/**
 * A label shown on hover and focus. Until the Radix tooltip has loaded (a moment after the first
 * render, see ui/lazy) the trigger shows alone; every trigger already carries its own
 * aria-label, so nothing is lost for assistive technology meanwhile.
 */
export function Tooltip(props: TooltipProps) {
  const impl = useLazyPart(radixTooltip);
  return impl ? <impl.RadixTooltipImpl {...props} /> : props.children;
}
