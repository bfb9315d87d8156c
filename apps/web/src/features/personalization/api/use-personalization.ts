import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth';
import {
  chatPersonalizationKey,
  getChatPersonalization,
  getPersonalization,
  listMemories,
  memoriesKey,
  personalizationKey,
} from './personalization-api';

/** The signed-in account's custom instructions and memory switch (guests have none). */
export function usePersonalization() {
  const { user } = useAuth();
  return useQuery({
    queryKey: personalizationKey,
    queryFn: getPersonalization,
    enabled: user !== null,
  });
}

export function useMemories() {
  return useQuery({ queryKey: memoriesKey, queryFn: listMemories });
}

export function useChatPersonalization(conversationId: string | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: chatPersonalizationKey(conversationId ?? ''),
    queryFn: () => getChatPersonalization(conversationId ?? ''),
    enabled: user !== null && conversationId !== null,
  });
}
