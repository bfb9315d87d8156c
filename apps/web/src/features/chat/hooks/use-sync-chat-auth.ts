import { useEffect } from 'react';
import { useAuth } from '../../auth';
import { useChatStorage } from '../store/chat-storage';

/** Keeps the persisted signed-in flag (and with it the stored conversation id) in step with auth. */
export function useSyncChatAuth(): boolean {
  const { isAuthenticated } = useAuth();
  const setAuthenticated = useChatStorage((s) => s.setAuthenticated);
  useEffect(() => setAuthenticated(isAuthenticated), [isAuthenticated, setAuthenticated]);
  return isAuthenticated;
}
