import type { Memory, Personalization, UpdatePersonalizationRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

export const personalizationKey = ['personalization'] as const;
export const memoriesKey = ['memories'] as const;
export const memoryFromKey = (messageId: string) => ['memories', 'from', messageId] as const;
export const chatPersonalizationKey = (conversationId: string) =>
  ['personalization', 'chat', conversationId] as const;

/** GET /personalization: the custom instructions and the memory switch. */
export async function getPersonalization(): Promise<Personalization> {
  const res = await http.get<unknown>('/personalization');
  return parseWire('Personalization', res.data);
}

/** PATCH /personalization: any of its fields. */
export async function updatePersonalization(
  changes: UpdatePersonalizationRequest,
): Promise<Personalization> {
  const res = await http.patch<unknown>('/personalization', changes);
  return parseWire('Personalization', res.data);
}

/** GET /memories: newest first. */
export async function listMemories(): Promise<Memory[]> {
  const res = await http.get<unknown>('/memories');
  return parseWire('MemoryListResponse', res.data).memories;
}

/** GET /memories?source_message_id=…: the memory a turn saved by asking, or null. */
export async function memoryFrom(messageId: string): Promise<Memory | null> {
  const res = await http.get<unknown>('/memories', { params: { source_message_id: messageId } });
  return parseWire('MemoryListResponse', res.data).memories[0] ?? null;
}

export async function createMemory(text: string): Promise<Memory> {
  const res = await http.post<unknown>('/memories', { text });
  return parseWire('Memory', res.data);
}

export async function updateMemory(id: string, text: string): Promise<Memory> {
  const res = await http.patch<unknown>(`/memories/${encodeURIComponent(id)}`, { text });
  return parseWire('Memory', res.data);
}

export async function deleteMemory(id: string): Promise<void> {
  await http.delete<unknown>(`/memories/${encodeURIComponent(id)}`);
}

/** GET /conversations/{id}/personalization: whether the chat reads them. */
export async function getChatPersonalization(conversationId: string): Promise<boolean> {
  const res = await http.get<unknown>(
    `/conversations/${encodeURIComponent(conversationId)}/personalization`,
  );
  return parseWire('ChatPersonalization', res.data).enabled;
}

export async function setChatPersonalization(
  conversationId: string,
  enabled: boolean,
): Promise<boolean> {
  const res = await http.put<unknown>(
    `/conversations/${encodeURIComponent(conversationId)}/personalization`,
    { enabled },
  );
  return parseWire('ChatPersonalization', res.data).enabled;
}
