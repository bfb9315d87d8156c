import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../chat-types';
import { openAiRequestBody, openAiWire } from './openai-stream';
import { UpstreamReplyInvalid, type WireEvent } from './wire';

const wire = openAiWire({ apiKey: 'k', baseUrl: () => 'http://127.0.0.1:9/v1', dialect: 'openai' });

function decode(events: readonly unknown[]): WireEvent[] {
  const decoder = wire.decoder();
  const out: WireEvent[] = [];
  for (const event of events) decoder.event('', JSON.stringify(event), out);
  decoder.end('', out);
  return out.filter((event) => event.type !== 'reasoning');
}

const delta = (value: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta: value, finish_reason: finish }],
});

const REQUEST: ChatRequest = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'user', content: 'Find cats' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_1', name: 'web_search', arguments: '{"query":"cats"}' }],
    },
    { role: 'tool', toolCallId: 'call_1', name: 'web_search', content: 'Cats purr.' },
  ],
  tools: [{ name: 'web_search', description: 'Search', parameters: { type: 'object' } }],
  toolChoice: { name: 'web_search' },
  parallelToolCalls: false,
};

describe('OpenAI wire: tools', () => {
  it('sends tools, tool_choice, parallel_tool_calls, the assistant calls and the tool result', () => {
    expect(openAiRequestBody(REQUEST, 'openai')).toMatchObject({
      tools: [
        {
          type: 'function',
          function: { name: 'web_search', description: 'Search', parameters: { type: 'object' } },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'web_search' } },
      parallel_tool_calls: false,
      messages: [
        { role: 'user', content: 'Find cats' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'web_search', arguments: '{"query":"cats"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Cats purr.' },
      ],
    });
    expect(openAiRequestBody({ ...REQUEST, toolChoice: 'required' }, 'xai').tool_choice).toBe(
      'required',
    );
  });

  it('assembles argument pieces of parallel calls and yields each once it is whole', () => {
    const events = decode([
      delta({ role: 'assistant', content: null }),
      delta({
        tool_calls: [
          { index: 0, id: 'call_a', type: 'function', function: { name: 'f', arguments: '' } },
        ],
      }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }),
      delta({
        tool_calls: [
          { index: 1, id: 'call_b', type: 'function', function: { name: 'g', arguments: '' } },
        ],
      }),
      delta({}, 'tool_calls'),
    ]);
    expect(events).toEqual([
      { type: 'tool_call', index: 0, call: { id: 'call_a', name: 'f', arguments: '{"q":"x"}' } },
      { type: 'tool_call', index: 1, call: { id: 'call_b', name: 'g', arguments: '{}' } },
      { type: 'usage', inputTokens: 0, outputTokens: 0 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('takes a new id at an index already used as a new call, as some compatible servers send it', () => {
    const events = decode([
      delta({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'f', arguments: '{}' } }] }),
      delta({
        tool_calls: [{ index: 0, id: 'call_b', function: { name: 'g', arguments: '{"x"' } }],
      }),
      delta({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      delta({}, 'tool_calls'),
    ]);
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([
      { type: 'tool_call', index: 0, call: { id: 'call_a', name: 'f', arguments: '{}' } },
      { type: 'tool_call', index: 1, call: { id: 'call_b', name: 'g', arguments: '{"x":1}' } },
    ]);
  });

  it('reads a step of calls that finishes with `stop` (as xAI sends it) as tool_calls', () => {
    const events = decode([
      delta(
        { tool_calls: [{ index: 0, id: 'call_x', function: { name: 'f', arguments: '{}' } }] },
        'stop',
      ),
    ]);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('reads the calls of a whole answer', () => {
    const events = wire.whole!.decode(
      JSON.stringify({
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    );
    expect(events).toContainEqual({
      type: 'tool_call',
      index: 0,
      call: { id: 'call_1', name: 'f', arguments: '{"a":1}' },
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it.each([
    ['tool_calls not an array', { tool_calls: { index: 0 } }],
    [
      'an index that is not a number',
      { tool_calls: [{ index: '0', id: 'c', function: { name: 'f' } }] },
    ],
    [
      'arguments that are not a string',
      { tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: {} } }] },
    ],
    ['a name that is not a string', { tool_calls: [{ index: 0, id: 'c', function: { name: 7 } }] }],
  ])('refuses %s as an invalid reply', (_what, value) => {
    expect(() => decode([delta(value), delta({}, 'tool_calls')])).toThrow(UpstreamReplyInvalid);
  });

  it('refuses a call that never got an id or a name', () => {
    expect(() =>
      decode([
        delta({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
        delta({}, 'tool_calls'),
      ]),
    ).toThrow(UpstreamReplyInvalid);
  });

  it('sends no tool fields when no tools are offered', () => {
    const body = openAiRequestBody(
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      'openai',
    );
    expect(Object.keys(body)).not.toContain('tools');
    expect(Object.keys(body)).not.toContain('tool_choice');
    expect(Object.keys(body)).not.toContain('parallel_tool_calls');
  });
});
