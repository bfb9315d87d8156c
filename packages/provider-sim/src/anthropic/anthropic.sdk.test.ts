import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProviderSim, type ProviderSim } from '../index';
import { countTokens } from '../tokens';

let sim: ProviderSim;
let client: Anthropic;

beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 5_000 } });
  // The SDK appends /v1/messages itself, so it takes the bare sim URL.
  client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: sim.url, maxRetries: 0 });
});
afterAll(() => sim.close());
beforeEach(() => sim.clearRequests());

const MODEL = 'claude-sonnet-5-5';
const params = (content: string, maxTokens = 1024): Anthropic.MessageCreateParamsNonStreaming => ({
  model: MODEL,
  max_tokens: maxTokens,
  system: 'You are terse.',
  messages: [{ role: 'user', content }],
});

function textOf(message: Anthropic.Message): string {
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe('Anthropic messages through the official SDK', () => {
  it('answers a non-streamed request with markdown, \\[ \\] math and usage', async () => {
    const message = await client.messages.create(params('Explain recursion'));
    const text = textOf(message);
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL,
      stop_reason: 'end_turn',
    });
    expect(message.id).toMatch(/^msg_/);
    expect(text).toMatch(/^## /);
    expect(text).toContain('\\[');
    expect(text).toContain('\\(');
    expect(message.usage.output_tokens).toBe(countTokens(text));
    expect(message.usage.input_tokens).toBe(
      Math.ceil(('You are terse.'.length + 'Explain recursion'.length) / 4),
    );
  });

  it('streams every event type in order and adds up to the non-streamed answer', async () => {
    const whole = await client.messages.create(params('Explain recursion'));
    const stream = client.messages.stream(params('Explain recursion'));
    const types: string[] = [];
    stream.on('streamEvent', (event) => types.push(event.type));
    let streamed = '';
    stream.on('text', (delta) => (streamed += delta));
    const final = await stream.finalMessage();
    expect(streamed).toBe(textOf(whole));
    expect(textOf(final)).toBe(textOf(whole));
    expect(final.usage.output_tokens).toBe(whole.usage.output_tokens);
    expect(final.stop_reason).toBe('end_turn');
    expect(types.slice(0, 3)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
    ]);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    // The SDK hides ping events, so read the wire for them.
    const raw = await fetch(`${sim.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': 'k',
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...params('Explain recursion'), stream: true }),
    });
    expect(raw.headers.get('content-type')).toContain('text/event-stream');
    expect(await raw.text()).toContain('event: ping\ndata: {"type":"ping"}\n\n');
  });

  it('stops at max_tokens with stop_reason "max_tokens"', async () => {
    const message = await client.messages.create(params('Explain recursion', 7));
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.usage.output_tokens).toBe(7);
  });

  it('requires the anthropic-version header, as the real API does', async () => {
    const response = await fetch(`${sim.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify(params('hi')),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
  });

  it('records the request with the key redacted', async () => {
    await client.messages.create(params('Explain recursion'));
    const [record] = sim.requests;
    expect(record).toMatchObject({
      provider: 'anthropic',
      model: MODEL,
      path: '/v1/messages',
      outcome: 'completed',
    });
    // The SDK (1.x) sends the key as a bearer token and a newer API version.
    expect(record?.headers.authorization).toBe('[redacted]');
    expect(record?.headers['x-api-key']).toBeUndefined();
    expect(record?.headers['anthropic-version']).toBe('2026-10-21');
  });

  it.each([
    ['x-api-key', { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }],
    ['Authorization: Bearer', { authorization: 'Bearer k', 'anthropic-version': '2026-10-21' }],
  ])('accepts the key as %s, as the real API does', async (_form, headers) => {
    const response = await fetch(`${sim.url}/v1/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(params('hi')),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ type: 'message', stop_reason: 'end_turn' });
  });
});

describe('Anthropic faults surface as the SDK error classes', () => {
  const cases: Array<[string, new (...args: never[]) => Error, number, string]> = [
    ['429', Anthropic.RateLimitError, 429, 'rate_limit_error'],
    ['500', Anthropic.InternalServerError, 500, 'api_error'],
    ['503', Anthropic.InternalServerError, 503, 'overloaded_error'],
    ['auth', Anthropic.AuthenticationError, 401, 'authentication_error'],
    ['context_length', Anthropic.BadRequestError, 400, 'invalid_request_error'],
    ['model_not_found', Anthropic.NotFoundError, 404, 'not_found_error'],
  ];
  for (const [fault, errorClass, status, type] of cases) {
    it(`fault=${fault} → ${errorClass.name} (${status})`, async () => {
      const error: unknown = await client.messages
        .create({ ...params('hello'), stream: true }, { headers: { 'x-sim-fault': fault } })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(errorClass);
      expect(error).toMatchObject({ status, error: { type: 'error', error: { type } } });
    });
  }

  it('context length errors read like the real ones', async () => {
    await expect(
      client.messages.create(params('hello [sim fault=context_length]')),
    ).rejects.toThrow(/prompt is too long: \d+ tokens > 200000 maximum/);
  });

  it('a missing key is a 401 authentication_error', async () => {
    const response = await fetch(`${sim.url}/v1/messages`, {
      method: 'POST',
      headers: { 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify(params('hi')),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error' },
    });
  });

  it('a fault after n tokens arrives as an `event: error` inside the stream', async () => {
    const stream = client.messages.stream(params('hello [sim fault=503 fault-after=4]'));
    let streamed = '';
    stream.on('text', (delta) => (streamed += delta));
    const error: unknown = await stream.finalMessage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(String(error)).toContain('overloaded_error');
    expect(countTokens(streamed)).toBe(4);
  });

  it('a drop mid-stream fails the stream after part of the answer', async () => {
    const stream = client.messages.stream(params('hello'), {
      headers: { 'x-sim-fault': 'drop', 'x-sim-fault-after': '6' },
    });
    let streamed = '';
    stream.on('text', (delta) => (streamed += delta));
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(countTokens(streamed)).toBe(6);
  });

  it('a stall can be aborted by the client, and the sim records the close', async () => {
    const stream = client.messages.stream(params('hello [sim fault=stall fault-after=2]'));
    const gotText = new Promise<void>((resolve) => stream.on('text', () => resolve()));
    await gotText;
    const record = await sim.waitForRequest((r) => r.outcome === 'stalled');
    const abortedAt = Date.now();
    stream.abort();
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.APIUserAbortError);
    const closed = await sim.waitForRequest(
      (r) => r.id === record.id && r.closedByClientAt !== undefined,
    );
    expect((closed.closedByClientAt ?? Infinity) - abortedAt).toBeLessThan(1_000);
  });
});

describe('Anthropic tool use through the official SDK', () => {
  const tools: Anthropic.Tool[] = [
    {
      name: 'web_search',
      description: 'Search the web',
      input_schema: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      },
    },
    {
      name: 'read_page',
      description: 'Read a web page',
      input_schema: { type: 'object', properties: { url: { type: 'string' } } },
    },
  ];
  const prompt =
    'Find pets [sim call=web_search{"query":"cats and dogs"}|web_search{"query":"dogs"} call=read_page{"url":"https://example.com/a"}]';

  function toolUses(message: Anthropic.Message): Anthropic.ToolUseBlock[] {
    return message.content.filter(
      (block): block is Anthropic.ToolUseBlock => block.type === 'tool_use',
    );
  }

  /** The assistant's turn as it came, then one user turn of tool_result blocks. */
  function withResults(
    messages: Anthropic.MessageParam[],
    message: Anthropic.Message,
    results: readonly string[],
  ): Anthropic.MessageParam[] {
    return [
      ...messages,
      { role: 'assistant', content: message.content },
      {
        role: 'user',
        content: toolUses(message).map((use, index): Anthropic.ToolResultBlockParam => ({
          type: 'tool_result',
          tool_use_id: use.id,
          content: results[index] ?? '',
          ...(index === 1 ? { is_error: true } : {}),
        })),
      },
    ];
  }

  it('streams parallel tool_use blocks (input in pieces), then another step, then answers from the results', async () => {
    let messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }];
    const stream = client.messages.stream({ model: MODEL, max_tokens: 1024, tools, messages });
    let inputPieces = 0;
    stream.on('streamEvent', (event) => {
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
        inputPieces++;
    });
    const first = await stream.finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    expect(toolUses(first).map((use) => [use.name, use.input])).toEqual([
      ['web_search', { query: 'cats and dogs' }],
      ['web_search', { query: 'dogs' }],
    ]);
    expect(toolUses(first)[0]?.id).toMatch(/^toolu_01/);
    expect(inputPieces).toBeGreaterThan(2);
    const record = await sim.waitForRequest((r) => r.provider === 'anthropic');
    expect(record.tools).toEqual(['web_search', 'read_page']);

    messages = withResults(messages, first, ['Cats purr.', 'Search failed.']);
    const second = await client.messages
      .stream({ model: MODEL, max_tokens: 1024, tools, messages })
      .finalMessage();
    expect(toolUses(second).map((use) => [use.name, use.input])).toEqual([
      ['read_page', { url: 'https://example.com/a' }],
    ]);

    messages = withResults(messages, second, ['Page A says hello.']);
    const final = await client.messages.create({ model: MODEL, max_tokens: 1024, tools, messages });
    expect(final.stop_reason).toBe('end_turn');
    expect(textOf(final)).toContain('"Cats purr." [1]');
    expect(textOf(final)).toContain('"Search failed." [2]');
    expect(textOf(final)).toContain('"Page A says hello." [3]');
  });

  it('carries tool_use blocks in a whole answer, with {} input for a call without arguments', async () => {
    const message = await client.messages.create({
      model: MODEL,
      max_tokens: 1024,
      tools,
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      messages: [{ role: 'user', content: 'Look [sim call=read_page]' }],
    });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'tool_use', id: expect.stringMatching(/^toolu_01/), name: 'read_page', input: {} },
    ]);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it('answers as text when the tool is not offered, or tool_choice is none', async () => {
    const unoffered = await client.messages.create({
      ...params('Look [sim call=read_page]'),
      tools: tools.slice(0, 1),
    });
    const forbidden = await client.messages.create({
      ...params('Look [sim call=read_page]'),
      tools,
      tool_choice: { type: 'none' },
    });
    for (const message of [unoffered, forbidden]) {
      expect(message.stop_reason).toBe('end_turn');
      expect(textOf(message)).toMatch(/^## /);
    }
  });
});
