import type { Conversation } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { generatorSessionsKey } from './generator-keys';

const PAGE = 50;

/** GET /chat/conversations/?kind=prompt_generator: the caller's generator sessions, newest first. */
export async function listGeneratorSessions(): Promise<Conversation[]> {
  const res = await http.get<unknown>('/chat/conversations/', {
    params: { offset: 0, limit: PAGE, kind: 'prompt_generator' },
  });
  return parseWire('ConversationListResponse', res.data).conversations;
}

/** Visitors have sessions too (they generate within the visitor limit). */
export function useGeneratorSessions() {
  return useQuery({ queryKey: generatorSessionsKey, queryFn: listGeneratorSessions });
}
