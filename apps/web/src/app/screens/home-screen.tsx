import { Code2, Columns3, FileText, Lightbulb, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth';
import { ProjectChip, useProject } from '../../features/projects';
import { useChatComposer } from '../../features/chat/hooks/use-chat-composer';
import { useNewChatSettings } from '../../features/chat-settings';
import { useChatSettingsTools } from './chat-settings-tools';
import { useMcpTools } from './mcp-tools';
import { useWebSearchTool } from './web-search-tool';
import { useSyncChatAuth } from '../../features/chat/hooks/use-sync-chat-auth';
import type { UiMessage } from '../../features/chat/model/ui-message';
import { retry, startChatStreaming } from '../../features/chat/session/chat-actions';
import { NEW_THREAD, useChatSession } from '../../features/chat/session/chat-session-store';
import { handOffDraft } from '../../features/chat/session/composer-drafts';
import type { SendOutcome } from '../../features/chat/session/send-flow';
import { ChatComposerBar } from './chat-composer-bar';
import { greetingFor } from './greeting';
import { MessageList } from '../../features/chat/components/message-list';

const SUGGESTIONS: ReadonlyArray<{ icon: LucideIcon; title: string; prompt: string }> = [
  {
    icon: Lightbulb,
    title: 'Explain a concept',
    prompt: 'Explain how public-key cryptography works, with a simple analogy.',
  },
  {
    icon: Code2,
    title: 'Review some code',
    prompt: 'Review this function for bugs and readability:\n\n',
  },
  {
    icon: FileText,
    title: 'Draft an email',
    prompt: 'Draft a friendly email asking my team to move our weekly sync to Thursday.',
  },
  {
    icon: Columns3,
    title: 'Compare models',
    prompt:
      'Which is better for a small team: a monorepo or several repositories? Give pros and cons.',
  },
];

const NO_WORKING = {};

/** /: greeting, composer with model picker, and remaining messages. The first send creates the chat. */
export function HomeScreen() {
  const { user } = useAuth();
  useSyncChatAuth();
  // "New chat in this project" lands here with ?project=<id>: the chat starts in it.
  const [params] = useSearchParams();
  const project = useProject(user ? params.get('project') : null).data ?? null;
  const newChatSettings = useNewChatSettings((s) => s.settings);
  const webSearch = useWebSearchTool(null, NEW_THREAD, true);
  const mcpTools = useMcpTools(null, NEW_THREAD, true);
  const composer = useChatComposer(
    NEW_THREAD,
    null,
    project && { id: project.id, defaultModel: project.default_model },
    newChatSettings,
    webSearch.on,
    mcpTools.choice,
  );
  const settingsTools = useChatSettingsTools(null, composer, true);
  const tools = (
    <>
      {settingsTools.presets}
      {settingsTools.button}
      {webSearch.element}
      {mcpTools.element}
    </>
  );
  const pendingThread = useChatSession((s) => s.threads[NEW_THREAD]);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const firstName = user?.name?.split(' ')[0];
  const state = location.state as { focusComposer?: unknown; sendDraft?: unknown } | null;
  const wantsFocus = state?.focusComposer === true;
  // A filled-in template asked to be sent at once: send the draft it left, once per visit.
  const wantsSend = state?.sendDraft === true;
  const sentForVisit = useRef<string | null>(null);

  useEffect(() => startChatStreaming(), []);

  // "New chat" from elsewhere lands here asking for the composer.
  useEffect(() => {
    if (wantsFocus) composerRef.current?.focus();
  }, [wantsFocus, location.key]);

  const follow = useCallback(
    (outcome: SendOutcome | null) => {
      if (outcome?.kind !== 'sent') return;
      // The chat keeps the settings its first send carried; the next new chat starts afresh.
      useNewChatSettings.getState().reset();
      // What is typed until the chat's own box appears goes along to the chat.
      handOffDraft(NEW_THREAD, outcome.conversationId);
      void navigate(`/chats/${outcome.conversationId}`);
    },
    [navigate],
  );
  useEffect(() => {
    if (!wantsSend || sentForVisit.current === location.key) return;
    if (!composer.draft.trim() || !composer.modelChoice.selected) return;
    sentForVisit.current = location.key;
    void composer.submit().then(follow);
  }, [wantsSend, location.key, composer, follow]);

  const onRetry = useCallback((m: UiMessage) => void retry(NEW_THREAD, m)?.then(follow), [follow]);

  const applySuggestion = (prompt: string) => {
    composer.setDraft(prompt);
    composerRef.current?.focus();
  };

  const messages = pendingThread?.messages ?? [];
  if (messages.length > 0) {
    // A first message is on its way (or failed): show it until the chat has its own page.
    return (
      <div className="flex h-[calc(100dvh_-_3.5rem_-_var(--app-notice-h))] flex-col md:h-[calc(100dvh_-_var(--app-notice-h))]">
        <MessageList
          messages={messages}
          working={NO_WORKING}
          hasMore={false}
          loadingOlder={false}
          onLoadOlder={() => undefined}
          onRetry={onRetry}
          onRegenerate={() => undefined}
          regenerateHint="Regenerate"
          onEdit={() => undefined}
          onSelectVersion={() => undefined}
          busy
        />
        <div className="mx-auto w-full max-w-3xl px-4 pb-4 sm:px-6">
          <ChatComposerBar
            composer={composer}
            inputRef={composerRef}
            onSend={() => void composer.submit().then(follow)}
            busy={composer.sending}
            tools={tools}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-5 py-10 sm:px-8">
      <div className="mb-8 text-center sm:mb-10">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {greetingFor(new Date())}
          {firstName ? `, ${firstName}` : ''}
        </h1>
        <p className="mt-3 text-fg-muted">
          Ask several AI models, watch them answer, and compare side by side.
        </p>
      </div>
      {project && <ProjectChip project={project} />}
      <ChatComposerBar
        composer={composer}
        inputRef={composerRef}
        onSend={() => void composer.submit().then(follow)}
        busy={composer.sending}
        tools={tools}
      />
      <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="Suggestions">
        {SUGGESTIONS.map(({ icon: Icon, title, prompt }) => (
          <li key={title}>
            <button
              type="button"
              onClick={() => applySuggestion(prompt)}
              className="group flex w-full items-start gap-3 rounded-xl border border-line bg-surface/60 p-4 text-left transition-colors hover:border-line-strong hover:bg-surface"
            >
              <Icon
                className="mt-0.5 size-4 shrink-0 text-fg-subtle transition-colors group-hover:text-accent"
                aria-hidden
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{title}</span>
                <span className="mt-0.5 line-clamp-1 block text-sm text-fg-muted">
                  {prompt.trim()}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
