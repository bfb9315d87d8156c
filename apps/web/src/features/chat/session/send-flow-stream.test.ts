import { MESSAGES } from '@parallax/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors/api-error';
import { canRetry } from '../model/message-transitions';
import type { UiMessage, VersionOf } from '../model/ui-message';
import { getThread, useChatSession } from './chat-session-store';
import { sendFlow } from './send-flow';
import {
  handleSocketEvent,
  markCancelled,
  resetStreaming,
  setStreamHandlers,
} from './stream-events';
import {
  PROMPT,
  assistant,
  fakeDeps,
  messages,
  replyHeldBack,
  reply,
  statuses,
} from './send-flow.test-support';

/** Turn "b", asked once and answered once. */
const ONLY_B: VersionOf = {
  messageId: 'b',
  question: 'two',
  answerIds: ['b'],
  questions: { ids: ['b'], index: 0 },
};

beforeEach(() => {
  resetStreaming();
  useChatSession.setState({ threads: {}, working: {}, owners: {} });
});
afterEach(() => vi.useRealTimers());

describe('streaming end (spec §4)', () => {
  async function streaming() {
    const { deps } = fakeDeps();
    await sendFlow(deps, { threadKey: 'c1', prompt: PROMPT });
  }
  const tokens = (text: string, lastSequence: number, isComplete = false) =>
    handleSocketEvent({
      type: 'tokens',
      batches: [
        {
          messageId: 'm1',
          pieces: [{ sequence: lastSequence, text }],
          lastSequence,
          isComplete,
        },
      ],
    });

  it('appends tokens and completes on the closing token', async () => {
    await streaming();
    tokens('Hel', 1);
    tokens('lo', 2, true);
    expect(assistant()).toMatchObject({ status: 'completed', content: 'Hello' });
  });

  it('a replay of the whole stream (a resume from 0 after navigation) never doubles the text', async () => {
    await streaming();
    const piece = (sequence: number) => ({ sequence, text: `t${sequence} ` });
    const batch = (from: number, to: number, isComplete = false) =>
      handleSocketEvent({
        type: 'tokens',
        batches: [
          {
            messageId: 'm1',
            pieces: Array.from({ length: to - from + 1 }, (_, i) => piece(from + i)),
            lastSequence: to,
            isComplete,
          },
        ],
      });
    batch(1, 3);
    batch(1, 6);
    batch(7, 8, true);
    expect(assistant()).toMatchObject({
      status: 'completed',
      content: 't1 t2 t3 t4 t5 t6 t7 t8 ',
      sequence: 8,
    });
  });

  it('asks again for tokens it never got, and ends only once the hole is filled', async () => {
    const gaps: [string, number][] = [];
    setStreamHandlers({
      onSilence: () => undefined,
      onGap: (id, after) => gaps.push([id, after]),
      onLost: () => false,
    });
    await streaming();
    tokens('a', 1);
    tokens('c', 3, true);
    handleSocketEvent({ type: 'status', messageId: 'm1', status: 'completed' });
    expect(gaps).toEqual([['m1', 1]]);
    expect(assistant()).toMatchObject({ status: 'streaming', content: 'a' });
    tokens('b', 2);
    tokens('c', 3, true);
    expect(assistant()).toMatchObject({ status: 'completed', content: 'abc' });
  });

  it('a stream error keeps the partial text and adds the error text', async () => {
    await streaming();
    tokens('Part', 1);
    handleSocketEvent({
      type: 'error',
      messageId: 'm1',
      error: 'upstream broke',
      code: 'upstream_error',
    });
    expect(assistant()?.status).toBe('error');
    // The partial answer stays as it was; the error is told beside it, not inside its markdown.
    expect(assistant()?.content).toBe('Part');
    expect(assistant()?.error).toBe(`${MESSAGES.streamErrorPrefix}upstream broke`);
    expect(canRetry(assistant() as UiMessage)).toBe(true);
  });

  it('maps known server errors to the spec texts', async () => {
    await streaming();
    handleSocketEvent({
      type: 'error',
      messageId: 'm1',
      error: 'Rate limit reached for requests',
      code: 'rate_limit',
    });
    expect(assistant()?.error).toBe(
      `${MESSAGES.streamErrorPrefix}Rate limit exceeded. Please wait a moment before trying again.`,
    );
  });

  it('cancel appends the cancel note, or says the response was cancelled when nothing came', async () => {
    await streaming();
    tokens('Some text', 1);
    markCancelled('m1');
    expect(assistant()).toMatchObject({
      status: 'completed',
      content: `Some text\n\n${MESSAGES.cancelledSuffix}`,
    });
    // Late tokens after a cancel are ignored.
    tokens(' more', 2);
    await new Promise((r) => setTimeout(r, 30));
    expect(assistant()?.content).toBe(`Some text\n\n${MESSAGES.cancelledSuffix}`);

    useChatSession.setState({ threads: {}, working: {}, owners: {} });
    await streaming();
    markCancelled('m1');
    expect(assistant()).toMatchObject({ status: 'completed', content: MESSAGES.cancelledEmpty });
  });

  it('shows the working stage until the first token', async () => {
    await streaming();
    handleSocketEvent({ type: 'status', messageId: 'm1', status: 'working', stage: 'Thinking' });
    expect(useChatSession.getState().working.m1?.stage).toBe('Thinking');
    tokens('A', 1);
    expect(useChatSession.getState().working.m1).toBeUndefined();
  });

  it('keeps what the socket brought before the send answered: a whole short answer can', async () => {
    vi.useFakeTimers();
    const { deps, release } = replyHeldBack();
    const outcome = sendFlow(deps, { threadKey: 'c1', prompt: PROMPT });
    await vi.waitFor(() => expect(statuses()).toEqual(['user:pending', 'assistant:pending']));
    // The answer streams in full over the socket while the send's reply is still on its way.
    handleSocketEvent({ type: 'status', messageId: 'm1', status: 'working', stage: 'Thinking' });
    tokens('Hel', 1);
    tokens('lo', 2, true);
    handleSocketEvent({ type: 'status', messageId: 'm1', status: 'completed' });
    release(reply());
    await outcome;
    expect(assistant()).toMatchObject({ status: 'completed', content: 'Hello' });
    // Nothing more is to come, and nothing fails it later.
    vi.advanceTimersByTime(31_000);
    expect(assistant()).toMatchObject({ status: 'completed', content: 'Hello' });
    expect(useChatSession.getState().working.m1).toBeUndefined();
  });

  it('drops what the socket brought for a send that failed', async () => {
    let fail: (error: Error) => void = () => undefined;
    const { deps } = fakeDeps({
      sendMessage: () => new Promise((_resolve, reject) => (fail = reject)),
    });
    const outcome = sendFlow(deps, { threadKey: 'c1', prompt: PROMPT });
    await vi.waitFor(() => expect(statuses()).toEqual(['user:pending', 'assistant:pending']));
    tokens('Stray', 1);
    fail(new Error('network down'));
    expect(await outcome).toEqual({ kind: 'failed' });
    // A retry under the same id starts clean.
    const retry = fakeDeps();
    await sendFlow(retry.deps, { threadKey: 'c1', prompt: PROMPT, reuseMessageId: 'm1' });
    expect(assistant()).toMatchObject({ status: 'streaming', content: '' });
  });

  it('times out a stream that stays silent for 30 s', async () => {
    vi.useFakeTimers();
    await streaming();
    vi.advanceTimersByTime(29_000);
    expect(assistant()?.status).toBe('streaming');
    vi.advanceTimersByTime(1_500);
    expect(assistant()).toMatchObject({
      status: 'error',
      content: '',
      error: `${MESSAGES.streamErrorPrefix}${MESSAGES.noActivityTimeout}`,
    });
  });
});

describe('versions (regenerate, edit and resend)', () => {
  const turn = (id: string, content: string): UiMessage[] => [
    {
      key: `${id}:user`,
      messageId: id,
      role: 'user',
      content,
      status: 'completed',
      conversationId: 'c1',
      provider: 'openai',
      model: 'gpt-test',
      modelFriendlyName: null,
      attachments: [],
      createdAt: '2025-01-01T00:00:00.000Z',
      requestId: null,
    },
    {
      key: `${id}:assistant`,
      messageId: id,
      role: 'assistant',
      content: `answer ${id}`,
      status: 'completed',
      conversationId: 'c1',
      provider: 'openai',
      model: 'gpt-test',
      modelFriendlyName: null,
      attachments: [],
      createdAt: '2025-01-01T00:00:00.000Z',
      requestId: null,
    },
  ];
  const seed = () =>
    useChatSession.setState({
      threads: {
        c1: {
          ...getThread('c1'),
          messages: [...turn('a', 'one'), ...turn('b', 'two'), ...turn('c', 'three')],
        },
      },
    });

  it('a new version replaces the turn and what follows it, and names the turn it versions', async () => {
    seed();
    const { deps, calls } = fakeDeps({
      sendMessage: (input) => (
        calls.sent.push(input),
        Promise.resolve(reply({ id: 'm1', message: 'two, edited' }))
      ),
    });
    await sendFlow(deps, {
      threadKey: 'c1',
      prompt: { ...PROMPT, content: 'two, edited', conversationId: 'c1' },
      versionOf: {
        messageId: 'b',
        question: 'two',
        answerIds: ['x', 'b'],
        questions: { ids: ['b'], index: 0 },
      },
    });
    expect(calls.sent).toEqual([
      expect.objectContaining({ version_of: 'b', conversation_id: 'c1' }),
    ]);
    expect(messages().map((m) => m.key)).toEqual([
      'a:user',
      'a:assistant',
      'm1:user',
      'm1:assistant',
    ]);
    // An edited question is a new question with its first answer.
    for (const half of messages().slice(2)) {
      expect(half.questionVersions).toEqual({ ids: ['b', 'm1'], index: 1 });
      expect(half.versions).toEqual({ ids: ['m1'], index: 0 });
    }
  });

  it('a regenerated answer counts among the answers to the question it asks again', async () => {
    seed();
    const { deps } = fakeDeps({
      sendMessage: () => Promise.resolve(reply({ id: 'm1', message: 'two' })),
    });
    await sendFlow(deps, {
      threadKey: 'c1',
      prompt: { ...PROMPT, content: 'two', conversationId: 'c1' },
      versionOf: {
        messageId: 'b',
        question: 'two',
        answerIds: ['x', 'b'],
        questions: { ids: ['q', 'b'], index: 1 },
      },
    });
    for (const half of messages().slice(2)) {
      expect(half.versions).toEqual({ ids: ['x', 'b', 'm1'], index: 2 });
      // The question's version shown is now the new answer's turn.
      expect(half.questionVersions).toEqual({ ids: ['q', 'm1'], index: 1 });
    }
  });

  it('a refused version (429) gives back the turns it had replaced', async () => {
    seed();
    const { deps } = fakeDeps({
      sendMessage: () =>
        Promise.reject(new ApiError({ kind: 'http', status: 429, message: 'limit' })),
    });
    await sendFlow(deps, {
      threadKey: 'c1',
      prompt: { ...PROMPT, content: 'two', conversationId: 'c1' },
      versionOf: ONLY_B,
    });
    expect(messages().map((m) => m.key)).toEqual([
      'a:user',
      'a:assistant',
      'b:user',
      'b:assistant',
      'c:user',
      'c:assistant',
    ]);
  });

  it('a version whose send failed is retried as that version again', async () => {
    seed();
    const { deps } = fakeDeps({
      sendMessage: () =>
        Promise.reject(new ApiError({ kind: 'http', status: 500, message: 'Server error.' })),
    });
    await sendFlow(deps, {
      threadKey: 'c1',
      prompt: { ...PROMPT, content: 'two', conversationId: 'c1' },
      versionOf: ONLY_B,
    });
    expect(messages().at(-1)).toMatchObject({
      status: 'error',
      sendFailed: true,
      versionOf: ONLY_B,
    });
  });
});
