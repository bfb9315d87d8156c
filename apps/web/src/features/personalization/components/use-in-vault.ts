import { useLocation } from 'react-router';

/**
 * True on a vault screen. The vault's chats share the chat screen's answers, and nothing of a
 * vault chat may become a memory, so the memory controls hide there.
 */
export function useInVault(): boolean {
  const { pathname } = useLocation();
  return pathname === '/vault' || pathname.startsWith('/vault/');
}
