import { Tooltip as RadixTooltip } from 'radix-ui';
import type { TooltipProps } from './tooltip';

/** Hover delay before a tooltip opens. */
const DELAY_MS = 300;

/**
 * The Radix tooltip behind ui/tooltip, loaded after the first render. Each tooltip carries its
 * own provider: a provider at the app root would have to wrap the whole tree from the start,
 * which would put Radix back into the first load.
 */
export function RadixTooltipImpl({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className="z-50 rounded-lg bg-fg px-2.5 py-1.5 text-xs font-medium text-canvas shadow-pop animate-fade-in"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
