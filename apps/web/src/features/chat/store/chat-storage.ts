import type { ProviderName } from '@parallax/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const CHAT_STORAGE_KEY = 'chat-storage';

/** Keys older builds wrote one by one; read once into `chat-storage`, then removed. */
export const LEGACY_CHAT_KEYS = {
  currentConversationId: 'currentConversationId',
  remainingMessages: 'remainingMessages',
  dailyLimit: 'dailyLimit',
  selectedModel: 'selectedModel',
} as const;

export interface ModelChoice {
  provider: ProviderName;
  /** The model's id from /api/v1/models. */
  modelId: string;
}

/** The persisted chat state of spec §3. */
export interface ChatStorageState {
  /** Kept only for signed-in users: a visitor's conversations are not theirs to reopen later. */
  currentConversationId: string | null;
  isAuthenticated: boolean;
  remainingMessages: number | null;
  dailyLimit: number | null;
  lastModel: ModelChoice | null;
  /** The model picked inside a chat, per conversation id (newest last, at most CHAT_MODELS_KEPT). */
  chatModels: Record<string, ModelChoice>;
  setCurrentConversation: (id: string | null) => void;
  setAuthenticated: (isAuthenticated: boolean) => void;
  setLimits: (remaining: number | null, dailyLimit?: number | null) => void;
  setLastModel: (choice: ModelChoice) => void;
  setChatModel: (conversationId: string, choice: ModelChoice) => void;
}

/** A pick older than this many chats is forgotten: those chats go back to their last turn's model. */
export const CHAT_MODELS_KEPT = 200;

function withChatModel(
  models: Record<string, ModelChoice>,
  conversationId: string,
  choice: ModelChoice,
): Record<string, ModelChoice> {
  const entries = Object.entries(models).filter(([id]) => id !== conversationId);
  entries.push([conversationId, choice]);
  return Object.fromEntries(entries.slice(-CHAT_MODELS_KEPT));
}

function readNumber(raw: string | null): number | null {
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

function readModel(raw: string | null): ModelChoice | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'provider' in parsed && 'modelId' in parsed) {
      const { provider, modelId } = parsed as Record<string, unknown>;
      if (typeof provider === 'string' && typeof modelId === 'string')
        return { provider: provider as ProviderName, modelId };
    }
  } catch {
    // not JSON: ignore the legacy value
  }
  return null;
}

/** Moves the legacy one-key-per-field values into the new state and deletes them. */
export function migrateLegacyChatKeys(
  storage: Storage,
): Partial<
  Pick<ChatStorageState, 'currentConversationId' | 'remainingMessages' | 'dailyLimit' | 'lastModel'>
> {
  const migrated: ReturnType<typeof migrateLegacyChatKeys> = {};
  const conversation = storage.getItem(LEGACY_CHAT_KEYS.currentConversationId);
  if (conversation) migrated.currentConversationId = conversation;
  const remaining = readNumber(storage.getItem(LEGACY_CHAT_KEYS.remainingMessages));
  if (remaining !== null) migrated.remainingMessages = remaining;
  const daily = readNumber(storage.getItem(LEGACY_CHAT_KEYS.dailyLimit));
  if (daily !== null) migrated.dailyLimit = daily;
  const model = readModel(storage.getItem(LEGACY_CHAT_KEYS.selectedModel));
  if (model) migrated.lastModel = model;
  for (const key of Object.values(LEGACY_CHAT_KEYS)) storage.removeItem(key);
  return migrated;
}

export const useChatStorage = create<ChatStorageState>()(
  persist(
    (set) => ({
      currentConversationId: null,
      isAuthenticated: false,
      remainingMessages: null,
      dailyLimit: null,
      lastModel: null,
      chatModels: {},
      setCurrentConversation: (id) => set({ currentConversationId: id }),
      setAuthenticated: (isAuthenticated) =>
        set((s) => ({
          isAuthenticated,
          currentConversationId: isAuthenticated ? s.currentConversationId : null,
          // Another account's (or a visitor's) chats: their picks are not this one's to keep.
          chatModels: isAuthenticated === s.isAuthenticated ? s.chatModels : {},
        })),
      setLimits: (remainingMessages, dailyLimit) =>
        set((s) => ({
          remainingMessages,
          dailyLimit: dailyLimit === undefined ? s.dailyLimit : dailyLimit,
        })),
      setLastModel: (lastModel) => set({ lastModel }),
      setChatModel: (conversationId, choice) =>
        set((s) => ({ chatModels: withChatModel(s.chatModels, conversationId, choice) })),
    }),
    {
      name: CHAT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        currentConversationId: s.isAuthenticated ? s.currentConversationId : null,
        isAuthenticated: s.isAuthenticated,
        remainingMessages: s.remainingMessages,
        dailyLimit: s.dailyLimit,
        lastModel: s.lastModel,
        chatModels: s.chatModels,
      }),
      merge: (persisted, current) => {
        const legacy =
          typeof localStorage === 'undefined' ? {} : migrateLegacyChatKeys(localStorage);
        return { ...current, ...legacy, ...(persisted as Partial<ChatStorageState> | undefined) };
      },
    },
  ),
);
