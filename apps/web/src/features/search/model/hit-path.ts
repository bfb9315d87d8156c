import type { SearchHit } from '@parallax/contract';

/** Where a chat hit opens: the chat, at the message (the turn's question or its answer). */
export function chatHitPath(hit: SearchHit): string | null {
  if (!hit.conversation_id) return null;
  const chat = `/chats/${encodeURIComponent(hit.conversation_id)}`;
  if (!hit.message_id) return chat;
  const params = new URLSearchParams({
    message: hit.message_id,
    in: hit.kind === 'answer' ? 'answer' : 'question',
  });
  return `${chat}?${params.toString()}`;
}

/**
 * Where any hit opens. A comparison panel's hit opens its comparison, whose id the caller
 * looks up from the conversation; a knowledge chunk opens its project.
 */
export async function hitPath(
  hit: SearchHit,
  comparisonOf: (conversationId: string) => Promise<string | null>,
): Promise<string | null> {
  if (hit.kind === 'knowledge') return hit.project_id ? `/project/${hit.project_id}` : null;
  if (hit.conversation_kind === 'comparison' && hit.conversation_id) {
    const comparison = await comparisonOf(hit.conversation_id);
    if (comparison) return `/compare/${encodeURIComponent(comparison)}`;
  }
  return chatHitPath(hit);
}
