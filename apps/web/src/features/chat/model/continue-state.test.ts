import type { ChatMessage } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { cancelStream, startContinuation } from './message-transitions';
import { turnToMessages, type UiMessage } from './ui-message';

const turn = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  conversation_id: 'c1',
  type: 'user',
  content: 'Question',
  response: 'Half an answ',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  is_authenticated: true,
  provider: 'openai',
  model: 'gpt-5-mini',
  model_friendly_name: 'GPT-5 mini',
  status: 'completed',
  attachments: [],
  tokens: null,
  error: null,
  request_id: 'r1',
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
});

const answerOf = (t: ChatMessage): UiMessage => turnToMessages(t)[1] as UiMessage;

describe('what Continue carries on from', () => {
  it('is the stored text of a stopped, broken-off or cut answer, and nothing for a complete one', () => {
    expect(answerOf(turn({ status: 'cancelled' })).continueFrom).toBe('Half an answ');
    expect(answerOf(turn({ status: 'error', error: 'boom' })).continueFrom).toBe('Half an answ');
    expect(answerOf(turn({ cut_off: true })).continueFrom).toBe('Half an answ');
    expect(answerOf(turn({})).continueFrom).toBeUndefined();
    expect(answerOf(turn({ status: 'cancelled', response: '' })).continueFrom).toBeUndefined();
  });

  it('is the raw text when an answer is stopped on screen, without the cancel note', () => {
    const live: UiMessage = { ...answerOf(turn({})), status: 'streaming', content: 'Partial' };
    const [stopped] = cancelStream([live], 'm1');
    expect(stopped?.content).not.toBe('Partial');
    expect(stopped?.continueFrom).toBe('Partial');
  });

  it('streams the same bubble again from the start, showing the stored text meanwhile', () => {
    const stopped = answerOf(turn({ status: 'error', error: 'boom' }));
    const [again] = startContinuation([stopped], 'm1', 'Half an answ');
    expect(again).toMatchObject({
      key: stopped.key,
      status: 'streaming',
      content: '',
      resumedFrom: 'Half an answ',
      sequence: 0,
    });
    expect(again?.continueFrom).toBeUndefined();
    expect(again?.error).toBeUndefined();
  });

  it('carries the owner’s thumbs from history', () => {
    const feedback = { rating: 'down' as const, reason: 'inaccurate' as const, comment: null };
    expect(answerOf(turn({ feedback })).feedback).toEqual(feedback);
    expect(answerOf(turn({ feedback: null })).feedback).toBeUndefined();
  });
});
