import type { LimitsResponse, MessageResponse } from '@parallax/contract';
import type { UiMessage } from '../model/ui-message';
import { getThread } from './chat-session-store';
import type { SendDeps } from './send-flow';

/** What the send-flow tests share: a prompt, a send's reply, fake dependencies, the thread. */
export const PROMPT = {
  content: '  Hello there  ',
  conversationId: null,
  provider: 'openai',
  model: 'gpt-test',
} as const;

export function reply(overrides: Partial<MessageResponse> = {}): MessageResponse {
  return {
    id: 'm1',
    conversation_id: 'c1',
    message: 'Hello there',
    response: null,
    created_at: '2025-01-01T00:00:00.000Z',
    is_authenticated: false,
    provider: 'openai',
    model: 'gpt-test',
    model_friendly_name: 'GPT Test',
    status: 'streaming',
    attachments: [],
    remaining_messages: 4,
    request_id: 'req-1',
    sources: [],
    ...overrides,
  };
}

export const RESETS_AT = '2025-01-02T00:00:00.000Z';
export const allowed: LimitsResponse = {
  can_send_message: true,
  remaining_messages: 5,
  daily_limit: 10,
  is_authenticated: false,
  resets_at: RESETS_AT,
  free_daily_limit: 25,
};

export function fakeDeps(overrides: Partial<SendDeps> = {}) {
  const calls = {
    modal: [] as unknown[],
    errors: [] as string[],
    tracked: [] as string[],
    sent: [] as unknown[],
  };
  const deps: SendDeps = {
    checkLimits: () => Promise.resolve(allowed),
    allocateMessageId: () => Promise.resolve('m1'),
    sendMessage: (input) => {
      calls.sent.push(input);
      return Promise.resolve(reply());
    },
    track: (id) => calls.tracked.push(id),
    untrack: () => undefined,
    openRateLimitModal: (info) => calls.modal.push(info),
    notifyError: (text) => calls.errors.push(text),
    setLimits: () => undefined,
    dailyLimit: () => 10,
    now: () => '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
  return { deps, calls };
}

/** A send whose reply waits until `release`: what happens before it arrives. */
export function replyHeldBack() {
  let release: (r: MessageResponse) => void = () => undefined;
  const faked = fakeDeps({
    sendMessage: () => new Promise((resolve) => (release = resolve)),
  });
  return { ...faked, release: (r: MessageResponse) => release(r) };
}

export const messages = (key = 'c1'): UiMessage[] => getThread(key).messages;
export const statuses = (key = 'c1') => messages(key).map((m) => `${m.role}:${m.status}`);
export const assistant = (key = 'c1') => messages(key).find((m) => m.role === 'assistant');
