import { PROVIDERS } from '@parallax/contract';
import type OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionFunctionTool,
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiTestApp,
  createKey,
  MODEL_OF,
  sdk,
  signUp,
  startUpstreams,
  type ApiTestApp,
  type Upstreams,
} from './public-api.test-support';

/**
 * The official `openai` SDK does tool round trips through /v1 against a model of each
 * provider: provider-sim calls the tools a `[sim call=…]` directive names (in each provider's
 * own wire format), the SDK's caller runs them, and the model answers from their results.
 */
let upstreams: Upstreams;
let t: ApiTestApp;
let client: OpenAI;

beforeAll(async () => {
  upstreams = await startUpstreams();
  t = await createApiTestApp(upstreams, { env: { FREE_DAILY_LIMIT: '1000' } });
  client = sdk(t.baseUrl, (await createKey(t.app, await signUp(t.app))).secret);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await upstreams?.close();
});

const tools: ChatCompletionFunctionTool[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The weather in a city now',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_time',
      description: 'The local time in a time zone',
      parameters: {
        type: 'object',
        properties: { zone: { type: 'string' } },
        required: ['zone'],
      },
    },
  },
];

/** Both tools in one step, in parallel. */
const question: ChatCompletionMessageParam = {
  role: 'user',
  content:
    'What is the weather in Paris, and the time there? [sim call=get_weather{"city":"Paris"}|get_time{"zone":"Europe/Paris"}]',
};

/** What the caller's own tools answer. */
function runTool(call: ChatCompletionMessageToolCall): string {
  if (call.type !== 'function') throw new Error(`unexpected call type ${call.type}`);
  const args = JSON.parse(call.function.arguments) as Record<string, string>;
  if (call.function.name === 'get_weather') return `Sunny and 18 degrees in ${args.city}`;
  return `It is 14:05 in ${args.zone}`;
}

function expectBothCalls(calls: readonly ChatCompletionMessageToolCall[] | undefined): void {
  expect(calls).toHaveLength(2);
  const [weather, time] = calls ?? [];
  expect(weather).toMatchObject({ type: 'function', function: { name: 'get_weather' } });
  expect(time).toMatchObject({ type: 'function', function: { name: 'get_time' } });
  if (weather?.type !== 'function' || time?.type !== 'function') return;
  expect(JSON.parse(weather.function.arguments)).toEqual({ city: 'Paris' });
  expect(JSON.parse(time.function.arguments)).toEqual({ zone: 'Europe/Paris' });
  // Gemini sends no ids: the gateway gives each call one, or the results could not answer them.
  expect(weather.id.length).toBeGreaterThan(0);
  expect(time.id).not.toBe(weather.id);
}

/** The conversation sent back: the answer that asked for calls, then each call's result. */
function withResults(message: ChatCompletionMessage): ChatCompletionMessageParam[] {
  return [
    question,
    message,
    ...(message.tool_calls ?? []).map((call): ChatCompletionMessageParam => ({
      role: 'tool',
      tool_call_id: call.id,
      content: runTool(call),
    })),
  ];
}

function expectAnswerFromResults(text: string | null | undefined): void {
  expect(text).toContain('Sunny and 18 degrees in Paris');
  expect(text).toContain('It is 14:05 in Europe/Paris');
}

describe.each(PROVIDERS)('tools through /v1 with a %s model', (provider) => {
  const model = MODEL_OF[provider];

  it('answers tool_calls whole, then an answer from the results sent back', async () => {
    const first = await client.chat.completions.create({ model, messages: [question], tools });
    const choice = first.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    expectBothCalls(choice?.message.tool_calls);
    expect(first.usage?.completion_tokens).toBeGreaterThan(0);
    const upstream = upstreams.sim.requests.findLast((r) => r.provider === provider);
    expect(upstream?.tools).toEqual(['get_weather', 'get_time']);

    const second = await client.chat.completions.create({
      model,
      messages: withResults(choice!.message),
      tools,
    });
    expect(second.choices[0]?.finish_reason).toBe('stop');
    expect(second.choices[0]?.message.tool_calls ?? []).toEqual([]);
    expectAnswerFromResults(second.choices[0]?.message.content);
  });

  it('streams delta.tool_calls the SDK assembles, then the answer from the results', async () => {
    const stream = client.chat.completions.stream({
      model,
      messages: [question],
      tools,
      stream_options: { include_usage: true },
    });
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const first = await stream.finalChatCompletion();
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expectBothCalls(first.choices[0]?.message.tool_calls);

    const deltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    const opening = deltas.filter((d) => d.id !== undefined);
    expect(opening.map((d) => [d.index, d.type, d.function?.name])).toEqual([
      [0, 'function', 'get_weather'],
      [1, 'function', 'get_time'],
    ]);
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage?.completion_tokens).toBeGreaterThan(0);

    const answer = client.chat.completions.stream({
      model,
      messages: withResults(first.choices[0]!.message),
      tools,
    });
    const final = await answer.finalChatCompletion();
    expect(final.choices[0]?.finish_reason).toBe('stop');
    expectAnswerFromResults(final.choices[0]?.message.content);
  });

  it('runs the SDK’s own tool loop (runTools) to a final answer', async () => {
    const runner = client.chat.completions.runTools({
      model,
      messages: [question],
      stream: true,
      tools: tools.map(({ function: fn }) => ({
        type: 'function' as const,
        function: {
          name: fn.name,
          description: fn.description ?? '',
          parameters: fn.parameters ?? {},
          parse: (args: string) => JSON.parse(args) as Record<string, string>,
          function: (args: Record<string, string>) =>
            fn.name === 'get_weather'
              ? `Sunny and 18 degrees in ${args.city}`
              : `It is 14:05 in ${args.zone}`,
        },
      })),
    });
    expectAnswerFromResults(await runner.finalContent());
  });

  it('tool_choice none: the directive’s calls are not made and the answer is text', async () => {
    const completion = await client.chat.completions.create({
      model,
      messages: [question],
      tools,
      tool_choice: 'none',
    });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.choices[0]?.message.tool_calls ?? []).toEqual([]);
    expect(completion.choices[0]?.message.content?.length).toBeGreaterThan(10);
  });
});

describe('what the upstream is asked', () => {
  it('a named tool_choice and parallel_tool_calls false reach the OpenAI wire as given', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL_OF.openai,
      messages: [
        { role: 'user', content: 'Weather in Paris? [sim call=get_weather{"city":"Paris"}]' },
      ],
      tools,
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    });
    expect(completion.choices[0]?.message.tool_calls).toHaveLength(1);
    const upstream = upstreams.sim.requests.findLast((r) => r.provider === 'openai');
    expect(upstream?.body).toMatchObject({
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', parameters: tools[0]?.function.parameters },
        },
        { type: 'function', function: { name: 'get_time' } },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    });
  });
});

describe('Gemini’s thought signatures', () => {
  it('a call’s extra_content.google.thought_signature goes back to Gemini with its call', async () => {
    const call = {
      id: 'call_0',
      type: 'function' as const,
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      // Where Google's own OpenAI-compatible API puts it; the SDK passes it through.
      extra_content: { google: { thought_signature: 'c2lnbmF0dXJl' } },
    };
    const completion = await client.chat.completions.create({
      model: MODEL_OF.gemini,
      messages: [
        { role: 'user', content: 'Weather in Paris? [sim call=get_weather{"city":"Paris"}]' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_0', content: 'Sunny and 18 degrees in Paris' },
      ],
      tools,
    });
    expect(completion.choices[0]?.message.content).toContain('Sunny and 18 degrees in Paris');
    const upstream = upstreams.sim.requests.findLast((r) => r.provider === 'gemini');
    expect(upstream?.body).toMatchObject({
      contents: [
        { role: 'user' },
        {
          role: 'model',
          parts: [
            {
              functionCall: { name: 'get_weather', args: { city: 'Paris' } },
              thoughtSignature: 'c2lnbmF0dXJl',
            },
          ],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather' } }] },
      ],
    });
  });
});
