import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

/* The Radix menu behind ui/dropdown-menu, loaded after the first render. */

export const Root = RadixMenu.Root;
export const Trigger = RadixMenu.Trigger;

export function Content({
  className,
  children,
  ...rest
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={6}
        className={cn(
          'z-50 min-w-52 rounded-xl border border-line bg-surface p-1.5 shadow-pop animate-fade-in',
          className,
        )}
        {...rest}
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

export function Item({
  className,
  icon,
  children,
  ...rest
}: ComponentProps<typeof RadixMenu.Item> & { icon?: ReactNode }) {
  return (
    <RadixMenu.Item
      className={cn(
        'flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-fg outline-none select-none',
        'data-[highlighted]:bg-surface-2 data-[disabled]:opacity-50',
        className,
      )}
      {...rest}
    >
      {icon && <span className="text-fg-muted [&>svg]:size-4">{icon}</span>}
      {children}
    </RadixMenu.Item>
  );
}

export function Label({ className, ...rest }: ComponentProps<typeof RadixMenu.Label>) {
  return (
    <RadixMenu.Label className={cn('px-2.5 py-1.5 text-xs text-fg-subtle', className)} {...rest} />
  );
}

export function Separator({ className, ...rest }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cn('my-1 h-px bg-line', className)} {...rest} />;
}
