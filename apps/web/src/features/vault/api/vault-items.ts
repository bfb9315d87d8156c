import type {
  CreateVaultNoteRequest,
  UpdateVaultNoteRequest,
  VaultChat,
  VaultChatDetail,
  VaultNote,
} from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/errors/api-error';
import { http, parseWire } from '../../../lib/http';
import { vaultKey } from './vault-status';
import { keepRenewedSession, useVaultSession, vaultHeaders } from './vault-session-store';

export const vaultNotesKey = [...vaultKey, 'notes'] as const;
export const vaultChatsKey = [...vaultKey, 'chats'] as const;

export async function call<T>(run: () => Promise<{ data: T; headers: Headers }>): Promise<T> {
  try {
    const res = await run();
    keepRenewedSession(res.headers);
    return res.data;
  } catch (error) {
    // 423: the vault locked (idle, Lock now elsewhere, PIN changed): show the unlock pad.
    if (isApiError(error) && error.status === 423) useVaultSession.getState().close();
    throw error;
  }
}

export const opts = () => ({ headers: vaultHeaders() });

export async function listVaultNotes(): Promise<VaultNote[]> {
  const data = await call(() => http.get<unknown>('/vault/notes', opts()));
  return parseWire('VaultNotesResponse', data).notes;
}

export async function createVaultNote(body: CreateVaultNoteRequest): Promise<VaultNote> {
  return parseWire('VaultNote', await call(() => http.post<unknown>('/vault/notes', body, opts())));
}

export async function updateVaultNote(
  id: string,
  body: UpdateVaultNoteRequest,
): Promise<VaultNote> {
  const data = await call(() =>
    http.patch<unknown>(`/vault/notes/${encodeURIComponent(id)}`, body, opts()),
  );
  return parseWire('VaultNote', data);
}

export async function deleteVaultNote(id: string): Promise<void> {
  await call(() => http.delete<unknown>(`/vault/notes/${encodeURIComponent(id)}`, opts()));
}

export async function listVaultChats(): Promise<VaultChat[]> {
  const data = await call(() => http.get<unknown>('/vault/chats', opts()));
  return parseWire('VaultChatsResponse', data).chats;
}

export async function getVaultChat(id: string): Promise<VaultChatDetail> {
  const data = await call(() =>
    http.get<unknown>(`/vault/chats/${encodeURIComponent(id)}`, opts()),
  );
  return parseWire('VaultChatDetail', data);
}

/** POST /vault/chats: the chat (or comparison) leaves every list and is sealed. */
export async function moveChatToVault(conversationId: string): Promise<void> {
  await call(() => http.post<unknown>('/vault/chats', { conversation_id: conversationId }, opts()));
}

export async function moveChatOutOfVault(id: string): Promise<void> {
  await call(() =>
    http.post<unknown>(`/vault/chats/${encodeURIComponent(id)}/move-out`, undefined, opts()),
  );
}

/** The open vault's chats, asked afresh where they show (they are written on the chat screen). */
export function useVaultChats() {
  const open = useVaultSession((s) => s.token !== null);
  return useQuery({
    queryKey: vaultChatsKey,
    queryFn: listVaultChats,
    enabled: open,
    refetchOnMount: 'always',
  });
}

/** The open vault's notes and chats; nothing is asked while it is locked. */
export function useVaultItems() {
  const open = useVaultSession((s) => s.token !== null);
  const notes = useQuery({ queryKey: vaultNotesKey, queryFn: listVaultNotes, enabled: open });
  return { notes, chats: useVaultChats() };
}
