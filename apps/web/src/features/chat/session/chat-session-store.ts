import { create } from 'zustand';
import type { UiMessage } from '../model/ui-message';

/** The thread of a chat started on the home screen, before the server has named it. */
export const NEW_THREAD = 'new';

export interface Thread {
  messages: UiMessage[];
  hasMore: boolean;
  cursor: string | null;
  state: 'loading' | 'ready' | 'error';
  error: string | null;
  loadingOlder: boolean;
  title: string | null;
  /** The first history page has been merged in. */
  historyLoaded: boolean;
}

/** Spec §3 "Working status": the stage the model is in before its first token. */
export interface WorkingStatus {
  messageId: string;
  stage: string;
  startedAt: number;
}

interface ChatSessionState {
  threads: Record<string, Thread>;
  working: Record<string, WorkingStatus>;
  /** Which thread holds each message id, so socket events find their bubble. */
  owners: Record<string, string>;
}

export const emptyThread = (state: Thread['state'] = 'ready'): Thread => ({
  messages: [],
  hasMore: false,
  cursor: null,
  state,
  error: null,
  loadingOlder: false,
  title: null,
  historyLoaded: false,
});

/** Live messages of every open conversation; not persisted (history is on the server). */
export const useChatSession = create<ChatSessionState>()(() => ({
  threads: {},
  working: {},
  owners: {},
}));

export function getThread(key: string): Thread {
  return useChatSession.getState().threads[key] ?? emptyThread();
}

export function patchThread(key: string, patch: Partial<Thread>): void {
  useChatSession.setState((s) => ({
    threads: { ...s.threads, [key]: { ...(s.threads[key] ?? emptyThread()), ...patch } },
  }));
}

/** Applies a transition to a thread's messages and records who owns each message id. */
export function updateMessages(key: string, change: (list: UiMessage[]) => UiMessage[]): void {
  useChatSession.setState((s) => {
    const thread = s.threads[key] ?? emptyThread();
    const messages = change(thread.messages);
    if (messages === thread.messages) return s;
    const owners = { ...s.owners };
    for (const m of messages) owners[m.messageId] = key;
    return { threads: { ...s.threads, [key]: { ...thread, messages } }, owners };
  });
}

/** The home thread becomes the conversation's thread once the server has created it. */
export function renameThread(from: string, to: string): void {
  if (from === to) return;
  useChatSession.setState((s) => {
    const source = s.threads[from];
    if (!source) return s;
    const target = s.threads[to];
    const threads = {
      ...s.threads,
      [to]: target ? { ...target, messages: [...target.messages, ...source.messages] } : source,
    };
    delete threads[from];
    const owners = { ...s.owners };
    for (const m of source.messages) owners[m.messageId] = to;
    return { threads, owners };
  });
}

/** Drops a thread's turns and the record of who owns them (sign-out, a thread shown elsewhere). */
export function forgetThreadState(key: string): void {
  useChatSession.setState((s) => {
    if (!(key in s.threads)) return s;
    const threads = { ...s.threads };
    delete threads[key];
    const owners = Object.fromEntries(
      Object.entries(s.owners).filter(([, owner]) => owner !== key),
    );
    return { threads, owners };
  });
}

export function ownerOf(messageId: string): string | undefined {
  return useChatSession.getState().owners[messageId];
}

export function setWorking(status: WorkingStatus | null, messageId: string): void {
  useChatSession.setState((s) => {
    if (!status && !s.working[messageId]) return s;
    const working = { ...s.working };
    if (status) working[messageId] = status;
    else delete working[messageId];
    return { working };
  });
}
