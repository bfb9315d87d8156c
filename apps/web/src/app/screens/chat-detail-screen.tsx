import { MessageSquareWarning } from 'lucide-react';
import {
  CONVERSATION_DEFAULT_TITLE,
  MESSAGES,
  type ModelInfo,
  type SetFeedbackRequest,
} from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../ui/button';
import { ConversationHeader } from '../../features/conversations';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { useChatComposer } from '../../features/chat/hooks/use-chat-composer';
import { ChatBackendContext, useChatBackend } from '../../features/chat/hooks/use-chat-backend';
import { useEscapeToStop } from '../../features/chat/hooks/use-escape-to-stop';
import { useRevealMessage } from '../../features/chat/hooks/use-reveal-message';
import { useSyncChatAuth } from '../../features/chat/hooks/use-sync-chat-auth';
import { isLive } from '../../features/chat/model/message-transitions';
import { regenerateHint } from '../../features/chat/model/regenerate-hint';
import type { Prompt, UiMessage } from '../../features/chat/model/ui-message';
import {
  editAndResend,
  regenerate,
  retry,
  startChatStreaming,
  stop,
} from '../../features/chat/session/chat-actions';
import {
  continueAnswer,
  rateAnswer,
  regenerateWith,
} from '../../features/chat/session/answer-actions';
import {
  bindThread,
  plainChatBackend,
  renameBoundThread,
  type ChatBackend,
} from '../../features/chat/session/chat-backend';
import { emptyThread, useChatSession } from '../../features/chat/session/chat-session-store';
import { handOffDraft } from '../../features/chat/session/composer-drafts';
import {
  loadOlder,
  loadThread,
  refreshTitle,
  showVersion,
} from '../../features/chat/session/load-thread';
import { toast } from '../../ui/toast/toast-store';
import { useChatStorage } from '../../features/chat/store/chat-storage';
import { ChatComposerBar } from './chat-composer-bar';
import { useChatSettingsTools } from './chat-settings-tools';
import { useVaultMcp, useVaultWebSearch } from '../../features/chat-settings';
import { useMcpTools } from './mcp-tools';
import { useWebSearchTool } from './web-search-tool';
import { MessageList } from '../../features/chat/components/message-list';

function LoadingHistory() {
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-6 sm:px-6" aria-busy>
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton className="h-24 w-5/6" />
      <Skeleton className="ml-auto h-10 w-1/3 rounded-2xl" />
      <Skeleton className="h-16 w-2/3" />
    </div>
  );
}

interface ChatThreadProps {
  chatId: string;
  /** An answer streams, or the chat cannot be continued here. */
  busy: boolean;
  promptFor: (text: string) => Prompt | null;
  /** A new chat: nothing to load. */
  isNew: boolean;
  answerNote?: ((message: UiMessage) => ReactNode) | undefined;
}

/**
 * The conversation itself: the only part of the screen that re-renders as tokens arrive, and
 * not at all as the user types (its props stay the same).
 */
const ChatThread = memo(function ChatThread({
  chatId,
  busy,
  promptFor,
  isNew,
  answerNote,
}: ChatThreadProps) {
  const thread =
    useChatSession((s) => s.threads[chatId]) ?? emptyThread(isNew ? 'ready' : 'loading');
  const working = useChatSession((s) => s.working);
  const remaining = useChatStorage((s) => s.remainingMessages);
  const [switching, setSwitching] = useState(false);
  const onRetry = useCallback((m: UiMessage) => void retry(chatId, m), [chatId]);
  const onRegenerate = useCallback((m: UiMessage) => void regenerate(chatId, m), [chatId]);
  const onRegenerateWith = useCallback(
    (m: UiMessage, model: ModelInfo) => void regenerateWith(chatId, m, model),
    [chatId],
  );
  // A backend without Continue or thumbs (the vault's) shows neither.
  const backend = useChatBackend();
  const canContinue = backend.continueAnswer !== undefined;
  const canRate = backend.rateAnswer !== undefined;
  const onContinue = useCallback((m: UiMessage) => void continueAnswer(chatId, m), [chatId]);
  const onRate = useCallback(
    (m: UiMessage, body: SetFeedbackRequest | null) => rateAnswer(chatId, m, body),
    [chatId],
  );
  const onEdit = useCallback(
    (m: UiMessage, text: string) => {
      const prompt = promptFor(text);
      if (prompt) void editAndResend(chatId, m, prompt);
    },
    [chatId, promptFor],
  );
  const onSelectVersion = useCallback(
    (messageId: string) => {
      setSwitching(true);
      void showVersion(chatId, messageId).then((shown) => {
        setSwitching(false);
        if (!shown) toast.error('Could not show that version');
      });
    },
    [chatId],
  );
  const onLoadOlder = useCallback(() => void loadOlder(chatId), [chatId]);
  const reveal = useRevealMessage(chatId, thread);
  if (thread.state === 'loading' && thread.messages.length === 0) return <LoadingHistory />;
  return (
    <MessageList
      messages={thread.messages}
      working={working}
      hasMore={thread.hasMore}
      loadingOlder={thread.loadingOlder}
      onLoadOlder={onLoadOlder}
      onRetry={onRetry}
      onRegenerate={onRegenerate}
      onRegenerateWith={onRegenerateWith}
      onContinue={canContinue ? onContinue : undefined}
      onRate={canRate ? onRate : undefined}
      regenerateHint={regenerateHint(remaining)}
      onEdit={onEdit}
      onSelectVersion={onSelectVersion}
      busy={busy || switching}
      reveal={reveal.target}
      onRevealed={reveal.done}
      {...(answerNote ? { answerNote } : {})}
    />
  );
});

function liveMessageOf(messages: readonly UiMessage[] | undefined): UiMessage | undefined {
  return messages?.find((m) => m.role === 'assistant' && isLive(m));
}

export interface ChatScreenProps {
  /** The conversation shown; null for a new chat, named by its first send. */
  conversationId: string | null;
  /** The thread on screen: the conversation's id, or a new chat's own key until it has one. */
  threadKey: string;
  /** Where the turns come from and go to. */
  backend: ChatBackend;
  /** The bar above the turns, given the title (null while it loads). */
  header: (title: string | null) => ReactNode;
  /** A new chat's first send created its conversation (its thread now has that id). */
  onStarted?: (conversationId: string) => void;
  /** Shown instead of the composer when the chat cannot be continued here. */
  readOnly?: ReactNode;
  /** Where a chat that cannot be opened leads. */
  exit?: { to: string; label: string };
  /** The chat keeps its own settings (parameters, system prompt, presets); not in the vault. */
  withSettings?: boolean;
}

const HOME_EXIT = { to: '/', label: 'Start a new chat' };

/** A chat: the history, the live answer, and the composer to carry on, through `backend`. */
export function ChatScreen(props: ChatScreenProps) {
  const { conversationId, threadKey: chatId, backend, header, onStarted, readOnly } = props;
  const isNew = conversationId === null;
  // Before the first render's effects: a send or a load of this thread goes through `backend`.
  useLayoutEffect(() => bindThread(chatId, backend), [chatId, backend]);
  // Only what the frame around the thread shows: a token changes none of it.
  const state = useChatSession((s) => s.threads[chatId]?.state ?? (isNew ? 'ready' : 'loading'));
  const title = useChatSession((s) => s.threads[chatId]?.title ?? null);
  const error = useChatSession((s) => s.threads[chatId]?.error ?? null);
  const liveKey = useChatSession((s) => liveMessageOf(s.threads[chatId]?.messages)?.key ?? null);
  const answered = useChatSession(
    (s) =>
      s.threads[chatId]?.messages.filter((m) => m.role === 'assistant' && !isLive(m)).length ?? 0,
  );
  const webSearch = useWebSearchTool(conversationId, chatId, props.withSettings === true);
  const mcpTools = useMcpTools(conversationId, chatId, props.withSettings === true);
  const composer = useChatComposer(
    chatId,
    conversationId,
    null,
    null,
    webSearch.on,
    mcpTools.choice,
  );
  const settingsTools = useChatSettingsTools(conversationId, composer, props.withSettings === true);
  const live = liveKey !== null;

  useEffect(() => {
    startChatStreaming();
    if (conversationId !== null) void loadThread(conversationId);
  }, [conversationId]);

  // An untitled thread with a finished answer is being named by the server: fetch the name
  // once per answered turn count, so a new answer in a still-untitled thread asks again.
  const askedAt = useRef('');
  useEffect(() => {
    const key = `${chatId}:${answered}`;
    const untitled = !title || title === CONVERSATION_DEFAULT_TITLE;
    if (isNew || live || !untitled || answered === 0 || askedAt.current === key) return;
    askedAt.current = key;
    void refreshTitle(chatId);
  }, [isNew, live, title, chatId, answered]);
  const { promptFor } = composer;
  const onStop = useCallback(() => {
    const message = liveMessageOf(useChatSession.getState().threads[chatId]?.messages);
    if (message) void stop(message);
  }, [chatId]);
  useEscapeToStop(live ? onStop : null);
  const onSend = () =>
    void composer.submit().then((outcome) => {
      if (!isNew || outcome?.kind !== 'sent') return;
      renameBoundThread(chatId, outcome.conversationId);
      useVaultWebSearch.getState().rename(chatId, outcome.conversationId);
      useVaultMcp.getState().rename(chatId, outcome.conversationId);
      // What is typed until the chat's own page shows goes along to it.
      handOffDraft(chatId, outcome.conversationId);
      onStarted?.(outcome.conversationId);
    });

  if (state === 'error') {
    const exit = props.exit ?? HOME_EXIT;
    return (
      <EmptyState
        icon={MessageSquareWarning}
        title={error ?? MESSAGES.conversationLoadFailed}
        description="It may have been deleted, or it belongs to another account."
        action={
          <Link to={exit.to} className={buttonClasses('primary')}>
            {exit.label}
          </Link>
        }
        className="flex-1"
      />
    );
  }

  return (
    <ChatBackendContext.Provider value={backend}>
      <div className="flex h-[calc(100dvh_-_3.5rem_-_var(--app-notice-h))] flex-col md:h-[calc(100dvh_-_var(--app-notice-h))]">
        <header className="border-b border-line bg-canvas/80 px-4 py-3 backdrop-blur sm:px-6">
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1">
              {header(title ?? (state === 'loading' ? null : ''))}
            </div>
            {settingsTools.button}
          </div>
        </header>
        <ChatThread
          chatId={chatId}
          busy={live || readOnly !== undefined}
          promptFor={promptFor}
          isNew={isNew}
          answerNote={settingsTools.answerNote}
        />
        <div className="mx-auto w-full max-w-3xl px-4 pb-4 sm:px-6">
          {readOnly ?? (
            <ChatComposerBar
              composer={composer}
              onSend={onSend}
              onStop={live ? onStop : undefined}
              busy={live}
              tools={
                <>
                  {settingsTools.presets}
                  {webSearch.element}
                  {mcpTools.element}
                </>
              }
            />
          )}
        </div>
      </div>
    </ChatBackendContext.Provider>
  );
}

/** /chats/{chatId}: a chat of the caller's, through the plain chat routes. */
export function ChatDetailScreen() {
  const { chatId = '' } = useParams();
  const isAuthenticated = useSyncChatAuth();
  const state = useChatSession((s) => s.threads[chatId]?.state ?? 'loading');
  const title = useChatSession((s) => s.threads[chatId]?.title ?? null);
  const setCurrent = useChatStorage((s) => s.setCurrentConversation);

  useEffect(() => {
    if (isAuthenticated && state === 'ready') setCurrent(chatId);
  }, [chatId, isAuthenticated, state, setCurrent]);

  // The server's name for the chat reaches this screen first: the sidebar and the chat lists
  // read the same conversations from their queries, which must not keep saying "New chat".
  const queryClient = useQueryClient();
  const named = title !== null && title !== CONVERSATION_DEFAULT_TITLE ? title : null;
  useEffect(() => {
    if (named) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  }, [named, queryClient]);

  return (
    <ChatScreen
      conversationId={chatId}
      threadKey={chatId}
      backend={plainChatBackend}
      withSettings
      header={(shownTitle) => (
        <ConversationHeader
          id={chatId}
          title={shownTitle}
          onRenamed={() => void refreshTitle(chatId)}
        />
      )}
    />
  );
}
