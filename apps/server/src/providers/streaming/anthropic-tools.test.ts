import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../chat-types';
import { anthropicRequestBody, anthropicWire } from './anthropic-stream';
import { UpstreamReplyInvalid, type WireEvent } from './wire';

const wire = anthropicWire({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1' });

function decode(events: ReadonlyArray<Record<string, unknown>>): WireEvent[] {
  const decoder = wire.decoder();
  const out: WireEvent[] = [];
  for (const event of events) decoder.event(String(event.type), JSON.stringify(event), out);
  decoder.end('', out);
  return out.filter((event) => event.type !== 'reasoning');
}

const inputDelta = (index: number, partial_json: unknown) => ({
  type: 'content_block_delta',
  index,
  delta: { type: 'input_json_delta', partial_json },
});

const REQUEST: ChatRequest = {
  model: 'claude-haiku-4-5',
  messages: [
    { role: 'user', content: 'Find cats' },
    {
      role: 'assistant',
      content: 'Searching.',
      toolCalls: [
        { id: 'toolu_1', name: 'web_search', arguments: '{"query":"cats"}' },
        { id: 'toolu_2', name: 'web_search', arguments: '{"query":"dogs"}' },
      ],
    },
    { role: 'tool', toolCallId: 'toolu_1', name: 'web_search', content: 'Cats purr.' },
    { role: 'tool', toolCallId: 'toolu_2', name: 'web_search', content: 'timeout', isError: true },
    { role: 'user', content: 'And birds?' },
  ],
  tools: [{ name: 'web_search', description: 'Search', parameters: { type: 'object' } }],
  toolChoice: 'required',
  parallelToolCalls: false,
};

describe('Anthropic wire: tools', () => {
  it('sends tools, tool_choice, tool_use blocks and one user turn of tool_result blocks', () => {
    const body = anthropicRequestBody(REQUEST);
    expect(body.tools).toEqual([
      { name: 'web_search', description: 'Search', input_schema: { type: 'object' } },
    ]);
    expect(body.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Find cats' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Searching.' },
          { type: 'tool_use', id: 'toolu_1', name: 'web_search', input: { query: 'cats' } },
          { type: 'tool_use', id: 'toolu_2', name: 'web_search', input: { query: 'dogs' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Cats purr.' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'timeout', is_error: true },
          { type: 'text', text: 'And birds?' },
        ],
      },
    ]);
  });

  it.each([
    ['auto', undefined, { type: 'auto' }],
    ['none', undefined, { type: 'none' }],
    [{ name: 'web_search' }, undefined, { type: 'tool', name: 'web_search' }],
    [undefined, false, { type: 'auto', disable_parallel_tool_use: true }],
    [undefined, true, undefined],
  ] as const)('tool choice %j with parallel %s → %j', (toolChoice, parallelToolCalls, expected) => {
    const body = anthropicRequestBody({ ...REQUEST, toolChoice, parallelToolCalls });
    expect(body.tool_choice).toEqual(expected);
  });

  it('leaves an empty text block out of a turn that only calls tools, and sends no tool fields without tools', () => {
    const body = anthropicRequestBody({
      model: 'claude-haiku-4-5',
      messages: [
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: '', toolCalls: [{ id: 't', name: 'f', arguments: '' }] },
        { role: 'tool', toolCallId: 't', name: 'f', content: 'ok' },
      ],
    });
    expect(body.messages).toMatchObject([
      {},
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
    ]);
    expect(Object.keys(body)).not.toContain('tools');
    expect(Object.keys(body)).not.toContain('tool_choice');
  });

  it('assembles input_json_delta pieces and yields each tool_use at its block stop', () => {
    const events = decode([
      { type: 'message_start', message: { usage: { input_tokens: 9, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: 'Let me look.' },
      },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_a', name: 'f', input: {} },
      },
      inputDelta(1, '{"q":'),
      inputDelta(1, '"x"}'),
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_b', name: 'g', input: {} },
      },
      { type: 'content_block_stop', index: 2 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 20 } },
      { type: 'message_stop' },
    ]);
    expect(events).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_call', index: 0, call: { id: 'toolu_a', name: 'f', arguments: '{"q":"x"}' } },
      { type: 'tool_call', index: 1, call: { id: 'toolu_b', name: 'g', arguments: '{}' } },
      { type: 'usage', inputTokens: 9, outputTokens: 20 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it.each([
    [
      'a tool_use without an id',
      [{ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', name: 'f' } }],
    ],
    [
      'partial_json that is not a string',
      [
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 't', name: 'f' },
        },
        inputDelta(0, { q: 1 }),
      ],
    ],
    [
      'an input that is not an object',
      [
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 't', name: 'f', input: 'x' },
        },
      ],
    ],
    ['a block event without an index', [{ type: 'content_block_stop' }]],
  ])('refuses %s as an invalid reply', (_what, events) => {
    expect(() =>
      decode([...events, { type: 'message_delta', delta: { stop_reason: 'tool_use' } }]),
    ).toThrow(UpstreamReplyInvalid);
  });

  it('thinks on a first step, but not with a forced tool or after calls (their thinking is not kept)', () => {
    const first = anthropicRequestBody({
      ...REQUEST,
      messages: REQUEST.messages.slice(0, 1),
      toolChoice: 'auto',
      reasoningEffort: 'low',
    });
    expect(first.thinking).toMatchObject({ type: 'enabled' });
    // A user prompt after the results starts a new turn.
    const next = anthropicRequestBody({ ...REQUEST, toolChoice: 'auto', reasoningEffort: 'low' });
    expect(next.thinking).toMatchObject({ type: 'enabled' });
    const later = anthropicRequestBody({
      ...REQUEST,
      messages: REQUEST.messages.slice(0, 4),
      toolChoice: 'auto',
      reasoningEffort: 'low',
    });
    expect(later.thinking).toBeUndefined();
    const forced = anthropicRequestBody({
      ...REQUEST,
      messages: REQUEST.messages.slice(0, 1),
      reasoningEffort: 'low',
    });
    expect(forced.thinking).toBeUndefined();
  });
});
