import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type * as RadixMenuImpl from './dropdown-menu-radix';
import { lazyPart, useLazyPart } from './lazy/lazy-part';

type MenuImpl = typeof RadixMenuImpl;

const radixMenu = lazyPart<MenuImpl>(() => import('./dropdown-menu-radix'));

interface MenuState {
  impl: MenuImpl | null;
  /** Opens the menu as soon as Radix has loaded (a press that came before it did). */
  openOnArrival: () => void;
}

const MenuContext = createContext<MenuState>({ impl: null, openOnArrival: () => undefined });

/**
 * A dropdown menu whose Radix implementation loads when the browser is idle after the first
 * render. The trigger is a plain button until then; a press on it before Radix has arrived
 * fetches it at once and opens the menu when it lands.
 */
export function DropdownMenu({ children }: { children: ReactNode }) {
  const impl = useLazyPart(radixMenu);
  const [openedEarly, setOpenedEarly] = useState(false);
  const openOnArrival = useCallback(() => {
    setOpenedEarly(true);
    // A failed fetch leaves the plain trigger; the next press tries again.
    radixMenu.load().catch(() => setOpenedEarly(false));
  }, []);
  const state = useMemo(() => ({ impl, openOnArrival }), [impl, openOnArrival]);
  return (
    <MenuContext.Provider value={state}>
      {impl ? <impl.Root defaultOpen={openedEarly}>{children}</impl.Root> : children}
    </MenuContext.Provider>
  );
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function DropdownMenuTrigger({
  onPointerDown,
  onKeyDown,
  ...rest
}: ComponentProps<'button'>) {
  const { impl, openOnArrival } = useContext(MenuContext);
  if (impl) return <impl.Trigger onPointerDown={onPointerDown} onKeyDown={onKeyDown} {...rest} />;
  // Mirrors what Radix's trigger reacts to: a primary-button press or an opening key.
  const onPress = (event: PointerEvent<HTMLButtonElement>) => {
    onPointerDown?.(event);
    if (event.button !== 0 || event.ctrlKey || event.defaultPrevented) return;
    event.preventDefault();
    openOnArrival();
  };
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event);
    if (!OPENING_KEYS.has(event.key) || event.defaultPrevented) return;
    event.preventDefault();
    openOnArrival();
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerDown={onPress}
      onKeyDown={onKey}
      {...rest}
    />
  );
}

/* The parts below only ever render inside an open menu, so Radix is there by then. */

export function DropdownMenuContent(props: ComponentProps<MenuImpl['Content']>) {
  const { impl } = useContext(MenuContext);
  return impl ? <impl.Content {...props} /> : null;
}

export function DropdownMenuItem(props: ComponentProps<MenuImpl['Item']>) {
  const { impl } = useContext(MenuContext);
  return impl ? <impl.Item {...props} /> : null;
}

export function DropdownMenuLabel(props: ComponentProps<MenuImpl['Label']>) {
  const { impl } = useContext(MenuContext);
  return impl ? <impl.Label {...props} /> : null;
}

export function DropdownMenuSeparator(props: ComponentProps<MenuImpl['Separator']>) {
  const { impl } = useContext(MenuContext);
  return impl ? <impl.Separator {...props} /> : null;
}
