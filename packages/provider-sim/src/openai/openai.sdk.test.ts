import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProviderSim, type ProviderSim } from '../index';
import { countTokens } from '../tokens';

let sim: ProviderSim;
let client: OpenAI;

beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 5_000 } });
  client = new OpenAI({ apiKey: 'sk-test', baseURL: sim.baseUrls.openai, maxRetries: 0 });
});
afterAll(() => sim.close());
beforeEach(() => sim.clearRequests());

const ask = (content: string): OpenAI.Chat.ChatCompletionMessageParam[] => [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content },
];

async function streamText(
  stream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>,
  onText?: (soFar: string) => void,
): Promise<{ text: string; chunks: OpenAI.Chat.ChatCompletionChunk[] }> {
  let text = '';
  const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk);
    text += chunk.choices[0]?.delta.content ?? '';
    onText?.(text);
  }
  return { text, chunks };
}

describe('OpenAI chat completions through the official SDK', () => {
  it('answers a non-streamed request with markdown, \\[ \\] math and consistent usage', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: ask('How do hash maps work?'),
    });
    const text = completion.choices[0]?.message.content ?? '';
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(text).toMatch(/^## /);
    expect(text).toContain('\\[');
    expect(text).toContain('| --- |');
    expect(text).not.toContain('$$');
    expect(completion.usage?.completion_tokens).toBe(countTokens(text));
    expect(completion.usage?.prompt_tokens).toBe(
      Math.ceil(('You are terse.'.length + 'How do hash maps work?'.length) / 4),
    );
    expect(completion.usage?.total_tokens).toBe(
      (completion.usage?.prompt_tokens ?? 0) + countTokens(text),
    );
  });

  it('streams role first, then content deltas that add up to the same answer, then usage', async () => {
    const messages = ask('How do hash maps work?');
    const whole = await client.chat.completions.create({ model: 'gpt-4o', messages });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, chunks } = await streamText(stream);
    expect(text).toBe(whole.choices[0]?.message.content);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage?.completion_tokens).toBe(countTokens(text));
  });

  it('stops at max_tokens with finish_reason "length"', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: ask('Tell me a lot'),
      max_tokens: 12,
    });
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.usage?.completion_tokens).toBe(12);
  });

  it('gives the same text for the same prompt and model, and a different one for another model', async () => {
    const first = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: ask('Sort a list'),
    });
    const again = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: ask('Sort a list'),
    });
    const other = await client.chat.completions.create({
      model: 'gpt-4.1',
      messages: ask('Sort a list'),
    });
    expect(again.choices[0]?.message.content).toBe(first.choices[0]?.message.content);
    expect(other.choices[0]?.message.content).not.toBe(first.choices[0]?.message.content);
  });

  it('serves xAI (grok) clients on the same /v1 path', async () => {
    const xai = new OpenAI({ apiKey: 'xai-test', baseURL: sim.baseUrls.grok, maxRetries: 0 });
    const completion = await xai.chat.completions.create({
      model: 'grok-4',
      messages: ask('What is entropy?'),
    });
    expect(completion.choices[0]?.message.content).toContain('\\(');
    const record = await sim.waitForRequest((r) => r.model === 'grok-4');
    expect(record.provider).toBe('grok');
    expect(record.headers.authorization).toBe('[redacted]');
  });

  it('lists models', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain('gpt-4o');
  });

  it('sizes the answer by the tokens knob, given as a header or as a prompt directive', async () => {
    const byHeader = await client.chat.completions.create(
      { model: 'gpt-4o', messages: ask('Explain caching') },
      { headers: { 'x-sim-tokens': '40' } },
    );
    const byDirective = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: ask('Explain caching [sim tokens=40]'),
    });
    expect(byHeader.usage?.completion_tokens).toBeLessThanOrEqual(40);
    expect(byHeader.usage?.completion_tokens).toBeGreaterThan(20);
    // The directive is not part of the prompt the answer is seeded from.
    expect(byDirective.choices[0]?.message.content).toBe(byHeader.choices[0]?.message.content);
  });

  it('refuses an unknown knob value with a 400 naming it', async () => {
    const request = client.chat.completions.create({
      model: 'gpt-4o',
      messages: ask('hi [sim fault=explode]'),
    });
    await expect(request).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(request).rejects.toThrow(/unknown fault 'explode'/);
  });
});

describe('OpenAI faults surface as the SDK error classes', () => {
  const cases: Array<[string, new (...args: never[]) => Error, number, string | null]> = [
    ['429', OpenAI.RateLimitError, 429, 'rate_limit_exceeded'],
    ['quota', OpenAI.RateLimitError, 429, 'insufficient_quota'],
    ['500', OpenAI.InternalServerError, 500, null],
    ['503', OpenAI.InternalServerError, 503, null],
    ['auth', OpenAI.AuthenticationError, 401, 'invalid_api_key'],
    ['context_length', OpenAI.BadRequestError, 400, 'context_length_exceeded'],
    ['model_not_found', OpenAI.NotFoundError, 404, 'model_not_found'],
  ];
  for (const [fault, errorClass, status, code] of cases) {
    it(`fault=${fault} → ${errorClass.name} (${status})`, async () => {
      const error: unknown = await client.chat.completions
        .create(
          { model: 'gpt-4o', messages: ask('hello'), stream: true },
          { headers: { 'x-sim-fault': fault } },
        )
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(errorClass);
      expect(error).toMatchObject({
        status,
        code,
        error: { message: expect.any(String), type: expect.any(String) },
      });
    });
  }

  it('a missing key is a 401 in OpenAI’s error shape', async () => {
    const response = await fetch(`${sim.baseUrls.openai}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: expect.stringContaining("You didn't provide an API key"),
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  });

  it('a fault after n tokens arrives inside the stream as an APIError', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: ask('hello [sim fault=500 fault-after=5]'),
      stream: true,
    });
    let received = '';
    const error: unknown = await streamText(stream, (text) => (received = text)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(String(error)).toContain('The server had an error');
    expect(received.length).toBeGreaterThan(0);
  });

  it('a drop mid-stream rejects the iteration after part of the answer', async () => {
    const stream = await client.chat.completions.create(
      { model: 'gpt-4o', messages: ask('hello'), stream: true },
      { headers: { 'x-sim-fault': 'drop', 'x-sim-fault-after': '8' } },
    );
    let received = '';
    await expect(streamText(stream, (text) => (received = text))).rejects.toThrow();
    expect(received.length).toBeGreaterThan(0);
    const record = await sim.waitForRequest((r) => r.outcome === 'dropped');
    expect(record.tokensSent).toBe(8);
  });

  it('a stall keeps the connection open until the client aborts, and the sim sees the close', async () => {
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'gpt-4o', messages: ask('hello [sim fault=stall fault-after=3]'), stream: true },
      { signal: controller.signal },
    );
    const closed = new Promise<number>((resolve) =>
      sim.on('client-close', (record) => resolve(record.closedByClientAt ?? 0)),
    );
    // Abort only once the client has read all it will get: the SDK (7.x) drops what it
    // buffered but had not yet yielded when its signal aborts.
    let allText!: () => void;
    const gotAllText = new Promise<void>((resolve) => (allText = resolve));
    let received = '';
    const reading = streamText(stream, (text) => {
      received = text;
      if (countTokens(text) >= 3) allText();
    });
    await gotAllText;
    await sim.waitForRequest((r) => r.outcome === 'stalled');
    const abortedAt = Date.now();
    controller.abort();
    // openai's stream iterator ends quietly when its signal aborts.
    await reading.catch((error: unknown) => expect(error).toBeInstanceOf(OpenAI.APIUserAbortError));
    expect((await closed) - abortedAt).toBeLessThan(1_000);
    expect(sim.requests[0]).toMatchObject({ outcome: 'stalled', tokensSent: 3 });
    expect(countTokens(received)).toBe(3);
  });
});

const SEARCH_TOOLS: OpenAI.Chat.ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'web_search',
      description: 'Search the web',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'read_page',
      description: 'Read a web page',
      parameters: { type: 'object', properties: { url: { type: 'string' } } },
    },
  },
];

const TWO_STEPS =
  'Find pets [sim call=web_search{"query":"cats and dogs"}|web_search{"query":"dogs"} call=read_page{"url":"https://example.com/a"}]';

/** What a caller sends back: the assistant turn with its calls, then one result per call. */
function withResults(
  messages: OpenAI.Chat.ChatCompletionMessageParam[],
  calls: OpenAI.Chat.ChatCompletionMessageFunctionToolCall[],
  results: readonly string[],
): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    ...messages,
    { role: 'assistant', content: null, tool_calls: calls },
    ...calls.map((call, index): OpenAI.Chat.ChatCompletionToolMessageParam => ({
      role: 'tool',
      tool_call_id: call.id,
      content: results[index] ?? '',
    })),
  ];
}

function functionCalls(
  calls: readonly OpenAI.Chat.ChatCompletionMessageToolCall[] | undefined,
): OpenAI.Chat.ChatCompletionMessageFunctionToolCall[] {
  return (calls ?? []).filter(
    (call): call is OpenAI.Chat.ChatCompletionMessageFunctionToolCall => call.type === 'function',
  );
}

for (const [provider, model] of [
  ['openai', 'gpt-4o'],
  ['grok', 'grok-4'],
] as const) {
  describe(`${provider} tool calls through the official SDK`, () => {
    const sdk = (): OpenAI =>
      new OpenAI({ apiKey: 'key-test', baseURL: sim.baseUrls[provider], maxRetries: 0 });

    it('streams parallel calls (arguments in pieces), takes the results, calls again, then answers from them', async () => {
      const client = sdk();
      let messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        { role: 'user', content: TWO_STEPS },
      ];
      const stream = client.chat.completions.stream({
        model,
        messages,
        tools: SEARCH_TOOLS,
        stream_options: { include_usage: true },
      });
      let argumentChunks = 0;
      stream.on('chunk', (chunk) => {
        if (chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments) argumentChunks++;
      });
      const first = await stream.finalChatCompletion();
      const firstCalls = functionCalls(first.choices[0]?.message.tool_calls);
      expect(first.choices[0]?.finish_reason).toBe('tool_calls');
      expect(firstCalls.map((call) => call.function.name)).toEqual(['web_search', 'web_search']);
      expect(firstCalls.map((call) => JSON.parse(call.function.arguments))).toEqual([
        { query: 'cats and dogs' },
        { query: 'dogs' },
      ]);
      expect(firstCalls[0]?.id).toMatch(/^call_/);
      expect(argumentChunks).toBeGreaterThan(2);
      const record = await sim.waitForRequest((r) => r.model === model);
      expect(record.tools).toEqual(['web_search', 'read_page']);
      expect(record.provider).toBe(provider);

      messages = withResults(messages, firstCalls, ['Cats purr.', 'Dogs bark.']);
      const second = await client.chat.completions.create({
        model,
        messages,
        tools: SEARCH_TOOLS,
        stream: true,
      });
      const deltas: OpenAI.Chat.ChatCompletionChunk.Choice.Delta.ToolCall[] = [];
      for await (const chunk of second) deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
      const id = deltas[0]?.id ?? '';
      const args = deltas.map((delta) => delta.function?.arguments ?? '').join('');
      expect(deltas[0]?.function?.name).toBe('read_page');
      expect(JSON.parse(args)).toEqual({ url: 'https://example.com/a' });

      messages = withResults(
        messages,
        [{ id, type: 'function', function: { name: 'read_page', arguments: args } }],
        ['Page A says hello.'],
      );
      const final = await client.chat.completions.create({ model, messages, tools: SEARCH_TOOLS });
      const text = final.choices[0]?.message.content ?? '';
      expect(final.choices[0]?.finish_reason).toBe('stop');
      expect(text).toContain('"Cats purr." [1]');
      expect(text).toContain('"Dogs bark." [2]');
      expect(text).toContain('"Page A says hello." [3]');
    });

    it('carries the calls in a whole answer, and `{}` arguments for a call without any', async () => {
      const completion = await sdk().chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Look [sim call=read_page]' }],
        tools: SEARCH_TOOLS,
        parallel_tool_calls: false,
      });
      const [call] = functionCalls(completion.choices[0]?.message.tool_calls);
      expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
      expect(completion.choices[0]?.message.content).toBeNull();
      expect(call?.function).toEqual({ name: 'read_page', arguments: '{}' });
      expect(completion.usage?.completion_tokens).toBeGreaterThan(0);
    });

    it('answers as text when the directive names a tool the request did not offer', async () => {
      const completion = await sdk().chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Look [sim call=delete_everything]' }],
        tools: SEARCH_TOOLS,
      });
      expect(completion.choices[0]?.finish_reason).toBe('stop');
      expect(completion.choices[0]?.message.tool_calls).toBeUndefined();
      expect(completion.choices[0]?.message.content).toMatch(/^## /);
    });
  });
}
