import type { ChatMessage, HistoryResponse } from '@parallax/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { addOptimistic } from '../model/message-transitions';
import { readEndedAnswer } from './chat-actions';
import {
  backendOf,
  bindThread,
  plainChatBackend,
  renameBoundThread,
  type ChatBackend,
} from './chat-backend';
import { getThread, patchThread, updateMessages, useChatSession } from './chat-session-store';
import { loadThread, showVersion } from './load-thread';
import { handleSocketEvent, resetStreaming, setStreamHandlers, watchStream } from './stream-events';

const PROMPT = { content: 'Hi', conversationId: 'c1', provider: 'openai', model: 'gpt' } as const;

function storedTurn(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm1',
    conversation_id: 'c1',
    type: 'user',
    content: 'Hi',
    response: 'The whole stored answer',
    created_at: '2026-11-29T10:00:00.000Z',
    updated_at: '2026-11-29T10:00:00.000Z',
    is_authenticated: true,
    provider: 'openai',
    model: 'gpt',
    model_friendly_name: 'GPT',
    status: 'completed',
    attachments: [],
    tokens: null,
    error: null,
    request_id: null,
    comparison_id: null,
    parent_id: null,
    sibling_ids: ['m1'],
    sibling_index: 0,
    question_version_ids: ['m1'],
    question_version_index: 0,
    answer_sibling_ids: ['m1'],
    answer_sibling_index: 0,
    sources: [],
    ...overrides,
  };
}

const page = (messages: ChatMessage[]): HistoryResponse => ({
  messages,
  has_more: false,
  cursor: null,
  remaining_messages: null,
});

/** A backend of the test's own: what each route was asked, answered from `turns`. */
function fakeBackend(turns: ChatMessage[]) {
  const asked: string[] = [];
  const backend: ChatBackend = {
    title: (id) => {
      asked.push(`title ${id}`);
      return Promise.resolve('Kept chat');
    },
    history: (id) => {
      asked.push(`history ${id}`);
      return Promise.resolve(page(turns));
    },
    selectVersion: (id) => {
      asked.push(`select ${id}`);
      return Promise.resolve(page(turns.filter((t) => t.id === id)));
    },
    checkLimits: () => Promise.reject(new Error('not asked here')),
    allocateMessageId: () => Promise.resolve('m9'),
    sendMessage: () => Promise.reject(new Error('not asked here')),
    cancel: () => Promise.resolve(true),
    downloadAttachment: () => Promise.resolve(),
    replayEndsWithAnswer: true,
  };
  return { backend, asked };
}

beforeEach(() => {
  resetStreaming();
  useChatSession.setState({ threads: {}, working: {}, owners: {} });
});

describe('a thread bound to a chat backend', () => {
  it('loads and switches versions through its backend; other threads stay on the plain chat', async () => {
    const { backend, asked } = fakeBackend([
      storedTurn(),
      storedTurn({
        id: 'm2',
        sibling_ids: ['m1', 'm2'],
        sibling_index: 1,
        question_version_ids: ['m2'],
        answer_sibling_ids: ['m1', 'm2'],
        answer_sibling_index: 1,
      }),
    ]);
    bindThread('c1', backend);
    expect(backendOf('c1')).toBe(backend);
    expect(backendOf('c2')).toBe(plainChatBackend);
    await loadThread('c1');
    expect(asked).toEqual(['title c1', 'history c1']);
    expect(getThread('c1')).toMatchObject({ state: 'ready', title: 'Kept chat' });
    expect(getThread('c1').messages.map((m) => m.key)).toEqual([
      'm1:user',
      'm1:assistant',
      'm2:user',
      'm2:assistant',
    ]);
    expect(await showVersion('c1', 'm2')).toBe(true);
    expect(asked.at(-1)).toBe('select m2');
    expect(getThread('c1').messages.map((m) => m.key)).toEqual(['m2:user', 'm2:assistant']);
  });

  it('a thread kept from another backend is dropped when bound anew (a chat moved into the vault keeps its id)', () => {
    patchThread('c1', { title: 'Plain copy', historyLoaded: true });
    const { backend } = fakeBackend([]);
    bindThread('c1', backend);
    expect(useChatSession.getState().threads.c1).toBeUndefined();
    patchThread('c1', { title: 'Vault copy' });
    bindThread('c1', backend);
    expect(getThread('c1').title).toBe('Vault copy');
    bindThread('c1', plainChatBackend);
    expect(useChatSession.getState().threads.c1).toBeUndefined();
    expect(backendOf('c1')).toBe(plainChatBackend);
  });

  it("a new chat's thread takes its conversation's id with its backend", () => {
    const { backend } = fakeBackend([]);
    bindThread('vault:new', backend);
    updateMessages('vault:new', (list) =>
      addOptimistic(list, { messageId: 'm1', prompt: PROMPT, attachments: [], now: 'now' }),
    );
    renameBoundThread('vault:new', 'c7');
    expect(backendOf('c7')).toBe(backend);
    expect(backendOf('vault:new')).toBe(plainChatBackend);
    expect(getThread('c7').messages).toHaveLength(2);
    expect(useChatSession.getState().owners.m1).toBe('c7');
  });
});

describe('a stream the server no longer knows', () => {
  function liveTurn(key: string) {
    updateMessages(key, (list) =>
      addOptimistic(list, { messageId: 'm1', prompt: PROMPT, attachments: [], now: 'now' }),
    );
    watchStream('m1');
  }
  const answer = (key: string) => getThread(key).messages.find((m) => m.role === 'assistant');
  const notFound = {
    type: 'error',
    messageId: 'm1',
    error: 'Message not found',
    code: 'not_found',
  } as const;

  it('ends with the stored answer when its backend drops the replay as the answer ends', async () => {
    const { backend } = fakeBackend([storedTurn()]);
    bindThread('c1', backend);
    liveTurn('c1');
    let lost = '';
    setStreamHandlers({
      onSilence: () => undefined,
      onGap: () => undefined,
      onLost: (id) => {
        lost = id;
        void readEndedAnswer('c1', id);
        return true;
      },
    });
    handleSocketEvent(notFound);
    expect(lost).toBe('m1');
    // Not failed meanwhile: the stored turn is on its way.
    expect(answer('c1')?.status).not.toBe('error');
    await readEndedAnswer('c1', 'm1');
    expect(answer('c1')).toMatchObject({
      status: 'completed',
      content: 'The whole stored answer',
    });
  });

  it('fails as before when the thread does not read the stored turn instead', () => {
    liveTurn('c2');
    setStreamHandlers({ onSilence: () => undefined, onGap: () => undefined, onLost: () => false });
    handleSocketEvent({ ...notFound });
    expect(answer('c2')?.status).toBe('error');
  });
});
