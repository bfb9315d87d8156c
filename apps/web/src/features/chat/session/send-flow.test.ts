import { MESSAGES } from '@parallax/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors/api-error';
import { canRetry } from '../model/message-transitions';
import { NEW_THREAD, getThread, useChatSession } from './chat-session-store';
import { sendFlow } from './send-flow';
import { handleSocketEvent, resetStreaming } from './stream-events';
import {
  PROMPT,
  RESETS_AT,
  allowed,
  assistant,
  fakeDeps,
  messages,
  replyHeldBack,
  reply,
  statuses,
} from './send-flow.test-support';

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
