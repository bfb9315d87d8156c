import type { ChatMessage, ToolCallView } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { appendTokens, setCitations } from './message-transitions';
import { turnToMessages, type UiMessage } from './ui-message';

const call = (status: ToolCallView['status']): ToolCallView => ({
  id: 'call_1',
  step: 0,
  name: 'web_search',
  arguments: '{"query":"cats"}',
  status,
  started_at: '2026-01-01T00:00:00.000Z',
});
const cite = { index: 1, title: 'Cats', url: 'https://cats.example/', site: 'cats.example' };

const streamingTurn = (extra: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  conversation_id: 'c1',
  type: 'user',
  content: 'Cats?',
  response: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  is_authenticated: true,
  provider: 'openai',
  model: 'gpt-5-mini',
  model_friendly_name: 'GPT-5 mini',
  status: 'streaming',
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
  ...extra,
});

const answer = (list: UiMessage[]) => list.find((m) => m.role === 'assistant') as UiMessage;

describe('tool rows and citations of a streaming answer', () => {
  it('show the stored rows after a reload, and the replay updates them in place without doubling', () => {
    const list = turnToMessages(streamingTurn({ tool_calls: [call('running')] }));
    expect(answer(list).toolCalls?.map((c) => c.status)).toEqual(['running']);
    const replayed = appendTokens(list, 'm1', [
      { sequence: 1, text: '', tool: { call: call('running') } },
      { sequence: 2, text: '', tool: { call: call('completed'), citations: [cite] } },
      { sequence: 3, text: 'Cats purr [1].' },
    ]);
    expect(answer(replayed).toolCalls?.map((c) => c.status)).toEqual(['completed']);
    expect(answer(replayed).citations).toEqual([cite]);
    expect(answer(replayed).content).toBe('Cats purr [1].');
  });

  it('take the completed status list of citations as the whole list', () => {
    const list = turnToMessages(streamingTurn({}));
    const done = setCitations(list, 'm1', [cite]);
    expect(answer(done).citations).toEqual([cite]);
    expect(answer(list).citations).toBeUndefined();
  });
});
