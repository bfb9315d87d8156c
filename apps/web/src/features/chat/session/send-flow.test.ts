import { MESSAGES, type LimitsResponse, type MessageResponse } from '@parallax/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors/api-error';
import { canRetry } from '../model/message-transitions';
import type { UiMessage } from '../model/ui-message';
import { NEW_THREAD, getThread, useChatSession } from './chat-session-store';
import { sendFlow, type SendDeps } from './send-flow';
import {
  handleSocketEvent,
  markCancelled,
  resetStreaming,
  setStreamHandlers,
} from './stream-events';

const PROMPT = {
  content: '  Hello there  ',
  conversationId: null,
  provider: 'openai',
  model: 'gpt-test',
} as const;

function reply(overrides: Partial<MessageResponse> = {}): MessageResponse {
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

const RESETS_AT = '2025-01-02T00:00:00.000Z';
const allowed: LimitsResponse = {
  can_send_message: true,
  remaining_messages: 5,
  daily_limit: 10,
  is_authenticated: false,
  resets_at: RESETS_AT,
  free_daily_limit: 25,
};

function fakeDeps(overrides: Partial<SendDeps> = {}) {
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
function replyHeldBack() {
  let release: (r: MessageResponse) => void = () => undefined;
  const faked = fakeDeps({
    sendMessage: () => new Promise((resolve) => (release = resolve)),
  });
  return { ...faked, release: (r: MessageResponse) => release(r) };
}

const messages = (key = 'c1'): UiMessage[] => getThread(key).messages;
const statuses = (key = 'c1') => messages(key).map((m) => `${m.role}:${m.status}`);
const assistant = (key = 'c1') => messages(key).find((m) => m.role === 'assistant');

beforeEach(() => {
  resetStreaming();
  useChatSession.setState({ threads: {}, working: {}, owners: {} });
});
afterEach(() => vi.useRealTimers());

describe('send flow (spec §4 Sending)', () => {
  it('shows the message as pending at once, then streaming when the reply has no text', async () => {
    const { deps, calls, release } = replyHeldBack();
    const outcome = sendFlow(deps, { threadKey: NEW_THREAD, prompt: PROMPT });
    await vi.waitFor(() =>
      expect(statuses(NEW_THREAD)).toEqual(['user:pending', 'assistant:pending']),
    );
    expect(messages(NEW_THREAD)[0]?.content).toBe('Hello there');
    expect(calls.tracked).toEqual(['m1']);
    release(reply());
    expect(await outcome).toEqual({ kind: 'sent', conversationId: 'c1', messageId: 'm1' });
    // The home thread became the conversation's thread.
    expect(statuses('c1')).toEqual(['user:completed', 'assistant:streaming']);
    expect(getThread(NEW_THREAD).messages).toEqual([]);
  });

  it('sends a prompt generator session to its generator, and only the first turn names it', async () => {
    const { deps, calls } = fakeDeps();
    await sendFlow(deps, {
      threadKey: 'g',
      prompt: { ...PROMPT, promptGeneratorId: 'default' },
    });
    expect(calls.sent[0]).toMatchObject({ prompt_generator_id: 'default' });
    await sendFlow(deps, { threadKey: 'g', prompt: { ...PROMPT, conversationId: 'c1' } });
    expect(calls.sent[1]).not.toHaveProperty('prompt_generator_id');
  });

  it('completes at once when the reply carries the response', async () => {
    const { deps } = fakeDeps({
      sendMessage: () => Promise.resolve(reply({ response: 'Hi!', status: 'completed' })),
    });
    await sendFlow(deps, { threadKey: 'c1', prompt: { ...PROMPT, conversationId: 'c1' } });
    expect(statuses()).toEqual(['user:completed', 'assistant:completed']);
    expect(assistant()?.content).toBe('Hi!');
  });

  it('on failure keeps the message (completed) and adds an assistant error message, which alone can be retried', async () => {
    const { deps } = fakeDeps({
      sendMessage: () =>
        Promise.reject(
          new ApiError({
            kind: 'http',
            status: 500,
            message: 'Server error. Please try again later.',
          }),
        ),
    });
    expect(await sendFlow(deps, { threadKey: 'c1', prompt: PROMPT })).toEqual({ kind: 'failed' });
    expect(statuses()).toEqual(['user:completed', 'assistant:error']);
    expect(assistant()).toMatchObject({
      content: '',
      error: 'Server error. Please try again later.',
    });
    expect(messages().map(canRetry)).toEqual([false, true]);
  });

  it("shows an upstream refusal that beats the send's reply at once, not after the silence timeout", async () => {
    vi.useFakeTimers();
    const { deps, release } = replyHeldBack();
    const outcome = sendFlow(deps, { threadKey: 'c1', prompt: PROMPT });
    await vi.waitFor(() => expect(statuses()).toEqual(['user:pending', 'assistant:pending']));
    handleSocketEvent({
      type: 'error',
      messageId: 'm1',
      error: 'The AI service is rate limited',
      code: 'rate_limit',
    });
    handleSocketEvent({ type: 'status', messageId: 'm1', status: 'error' });
    release(reply());
    await outcome;
    expect(assistant()).toMatchObject({
      status: 'error',
      error: `${MESSAGES.streamErrorPrefix}Rate limit exceeded. Please wait a moment before trying again.`,
    });
    vi.advanceTimersByTime(31_000);
    expect(assistant()?.error).not.toContain(MESSAGES.noActivityTimeout);
  });

  it('on 429 removes the optimistic message and opens the rate-limit modal with the renewal time', async () => {
    const { deps, calls } = fakeDeps({
      sendMessage: () =>
        Promise.reject(new ApiError({ kind: 'http', status: 429, message: 'limit' })),
    });
    expect(await sendFlow(deps, { threadKey: 'c1', prompt: PROMPT })).toEqual({ kind: 'blocked' });
    expect(messages()).toEqual([]);
    expect(calls.modal).toEqual([
      { remaining: 0, dailyLimit: 10, resetsAt: RESETS_AT, freeDailyLimit: 25 },
    ]);
  });

  it('on 429 still opens the modal, with the count alone, when the limits cannot be read', async () => {
    let checks = 0;
    const { deps, calls } = fakeDeps({
      checkLimits: () =>
        checks++ === 0 ? Promise.resolve(allowed) : Promise.reject(new Error('down')),
      sendMessage: () =>
        Promise.reject(new ApiError({ kind: 'http', status: 429, message: 'limit' })),
    });
    expect(await sendFlow(deps, { threadKey: 'c1', prompt: PROMPT })).toEqual({ kind: 'blocked' });
    expect(calls.modal).toEqual([{ remaining: 0, dailyLimit: 10 }]);
  });

  it('checks limits first: when sending is not allowed the modal opens and nothing is sent', async () => {
    const { deps, calls } = fakeDeps({
      checkLimits: () =>
        Promise.resolve({
          ...allowed,
          can_send_message: false,
          remaining_messages: 0,
          daily_limit: 3,
        }),
    });
    expect(await sendFlow(deps, { threadKey: 'c1', prompt: PROMPT })).toEqual({ kind: 'blocked' });
    expect(calls.modal).toEqual([
      { remaining: 0, dailyLimit: 3, resetsAt: RESETS_AT, freeDailyLimit: 25 },
    ]);
    expect(calls.sent).toEqual([]);
    expect(messages()).toEqual([]);
  });

  it('sends anyway when the limit check itself fails', async () => {
    const { deps, calls } = fakeDeps({ checkLimits: () => Promise.reject(new Error('down')) });
    expect((await sendFlow(deps, { threadKey: 'c1', prompt: PROMPT })).kind).toBe('sent');
    expect(calls.sent).toHaveLength(1);
  });

  it('refuses an empty message and reports a failed id allocation without sending', async () => {
    const { deps, calls } = fakeDeps({
      allocateMessageId: () => Promise.reject(new Error('timeout')),
    });
    expect(
      await sendFlow(deps, { threadKey: 'c1', prompt: { ...PROMPT, content: '   ' } }),
    ).toEqual({
      kind: 'invalid',
      error: MESSAGES.messageEmpty,
    });
    expect(await sendFlow(deps, { threadKey: 'c1', prompt: PROMPT })).toEqual({ kind: 'unsent' });
    expect(messages()).toEqual([]);
    expect(calls.errors).toEqual([MESSAGES.allocateIdFailed]);
    expect(calls.sent).toEqual([]);
  });

  it('cuts the message to 10,000 characters', async () => {
    const { deps, calls } = fakeDeps();
    await sendFlow(deps, { threadKey: 'c1', prompt: { ...PROMPT, content: 'x'.repeat(12_000) } });
    expect((calls.sent[0] as { message: string }).message).toHaveLength(10_000);
  });
});

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
      versionOf: { messageId: 'b', siblingIds: ['x', 'b'] },
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
    expect(messages()[2]?.versions).toEqual({ ids: ['x', 'b', 'm1'], index: 2 });
    expect(messages()[3]?.versions).toEqual({ ids: ['x', 'b', 'm1'], index: 2 });
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
      versionOf: { messageId: 'b', siblingIds: ['b'] },
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
      versionOf: { messageId: 'b', siblingIds: ['b'] },
    });
    expect(messages().at(-1)).toMatchObject({
      status: 'error',
      sendFailed: true,
      versionOf: { messageId: 'b', siblingIds: ['b'] },
    });
  });
});
