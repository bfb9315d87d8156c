import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../chat-types';
import { geminiRequestBody, geminiWire } from './gemini-stream';
import { geminiSchema } from './gemini-tools';
import { UpstreamReplyInvalid, type WireEvent } from './wire';

const wire = geminiWire({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1' });

function decode(chunks: readonly unknown[]): WireEvent[] {
  const decoder = wire.decoder();
  const out: WireEvent[] = [];
  for (const chunk of chunks) decoder.event('', JSON.stringify(chunk), out);
  decoder.end('', out);
  return out;
}

const chunk = (parts: unknown[], finishReason?: string) => ({
  candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}) }],
});

const REQUEST: ChatRequest = {
  model: 'gemini-2.5-flash',
  messages: [
    { role: 'user', content: 'Find cats' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'call_0', name: 'web_search', arguments: '{"query":"cats"}', signature: 'c2ln' },
        { id: 'call_1', name: 'web_search', arguments: '{"query":"dogs"}' },
      ],
    },
    { role: 'tool', toolCallId: 'call_0', name: 'web_search', content: 'Cats purr.' },
    { role: 'tool', toolCallId: 'call_1', name: 'web_search', content: 'timeout', isError: true },
  ],
  tools: [
    {
      name: 'web_search',
      description: 'Search',
      parameters: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        additionalProperties: false,
        properties: {
          query: { type: 'string', minLength: 1 },
          site: { type: ['string', 'null'], const: 'x' },
          tags: { type: 'array', items: { type: 'string', $ref: '#/x' } },
        },
        required: ['query'],
      },
    },
  ],
  toolChoice: { name: 'web_search' },
  parallelToolCalls: false,
};

describe('Gemini wire: tools', () => {
  it('sends functionDeclarations with a schema Gemini takes, the calls and one turn of responses', () => {
    const body = geminiRequestBody(REQUEST);
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'web_search',
            description: 'Search',
            parameters: {
              type: 'object',
              properties: {
                query: { type: 'string', minLength: 1 },
                site: { type: 'string', nullable: true },
                tags: { type: 'array', items: { type: 'string' } },
              },
              required: ['query'],
            },
          },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['web_search'] },
    });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Find cats' }] },
      {
        role: 'model',
        parts: [
          {
            functionCall: { name: 'web_search', args: { query: 'cats' } },
            thoughtSignature: 'c2ln',
          },
          { functionCall: { name: 'web_search', args: { query: 'dogs' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'web_search', response: { output: 'Cats purr.' } } },
          { functionResponse: { name: 'web_search', response: { error: 'timeout' } } },
        ],
      },
    ]);
  });

  it('gives Gemini 3 calls kept without a signature the documented stand-in on the first call', () => {
    const body = geminiRequestBody({
      model: 'gemini-3-pro-preview',
      messages: [
        { role: 'user', content: 'Go' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'a', name: 'f', arguments: '{}' },
            { id: 'b', name: 'f', arguments: '{}' },
          ],
        },
      ],
    });
    expect(body.contents).toMatchObject([
      {},
      {
        parts: [
          { thoughtSignature: 'skip_thought_signature_validator' },
          { functionCall: { name: 'f', args: {} } },
        ],
      },
    ]);
  });

  it.each([
    ['auto', { mode: 'AUTO' }],
    ['none', { mode: 'NONE' }],
    ['required', { mode: 'ANY' }],
  ] as const)('tool choice %s → %j', (toolChoice, config) => {
    expect(geminiRequestBody({ ...REQUEST, toolChoice }).toolConfig).toEqual({
      functionCallingConfig: config,
    });
  });

  it('sends no tool fields when no tools are offered', () => {
    const body = geminiRequestBody({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(Object.keys(body)).not.toContain('tools');
    expect(Object.keys(body)).not.toContain('toolConfig');
  });

  it('reads whole functionCall parts with step-local ids and signatures, and finishes as tool_calls', () => {
    const events = decode([
      chunk([
        { functionCall: { name: 'f', args: { q: 'x' } }, thoughtSignature: 'sig' },
        { functionCall: { name: 'g' } },
      ]),
      chunk([{ functionCall: { name: 'h', args: {}, id: 'given-id' } }], 'STOP'),
    ]);
    expect(events).toEqual([
      {
        type: 'tool_call',
        index: 0,
        call: { id: 'call_0', name: 'f', arguments: '{"q":"x"}', signature: 'sig' },
      },
      { type: 'tool_call', index: 1, call: { id: 'call_1', name: 'g', arguments: '{}' } },
      { type: 'tool_call', index: 2, call: { id: 'given-id', name: 'h', arguments: '{}' } },
      { type: 'usage', inputTokens: 0, outputTokens: 0 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it.each([
    ['a functionCall that is not an object', { functionCall: 'f' }],
    ['a functionCall without a name', { functionCall: { args: {} } }],
    ['args that are not an object', { functionCall: { name: 'f', args: 'x' } }],
  ])('refuses %s as an invalid reply', (_what, part) => {
    expect(() => decode([chunk([part], 'STOP')])).toThrow(UpstreamReplyInvalid);
  });

  it('bounds the walk over a deeply nested schema', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 100; depth++) schema = { type: 'array', items: schema };
    expect(JSON.stringify(geminiSchema(schema)).length).toBeLessThan(2_000);
  });
});
