import { OPENAI_TOOL_LIMITS } from '@parallax/contract';
import OpenAI, { type APIError } from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiTestApp,
  createKey,
  sdk,
  signUp,
  startUpstreams,
  type ApiTestApp,
  type Upstreams,
} from './public-api.test-support';

/** The public API's refusals of function-calling requests, as the official SDK sees them. */
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

const weather = (name = 'get_weather'): ChatCompletionFunctionTool => ({
  type: 'function',
  function: {
    name,
    description: 'The weather in a city now',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
});

const callOf = (id: string, name = 'get_weather') => ({
  id,
  type: 'function' as const,
  function: { name, arguments: '{"city":"Paris"}' },
});

/** The SDK's error for a request the API refuses, or undefined when it was answered. */
async function refusal(
  body: Omit<ChatCompletionCreateParamsNonStreaming, 'model'>,
): Promise<APIError | undefined> {
  return client.chat.completions.create({ model: 'gpt-5-mini', ...body }).then(
    () => undefined,
    (error: unknown) => error as APIError,
  );
}

async function refusedParam(
  body: Omit<ChatCompletionCreateParamsNonStreaming, 'model'>,
): Promise<string | null | undefined> {
  const error = await refusal(body);
  expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  expect(error?.type).toBe('invalid_request_error');
  return error?.param;
}

const question: ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };

describe('tools the API refuses, with a 400 naming the field', () => {
  it('a tool name outside OpenAI’s pattern', async () => {
    expect(await refusedParam({ messages: [question], tools: [weather('get weather')] })).toBe(
      'tools[0].function.name',
    );
    expect(await refusedParam({ messages: [question], tools: [weather('x'.repeat(65))] })).toBe(
      'tools[0].function.name',
    );
  });

  it('more tools than OpenAI allows, and the same name twice', async () => {
    const many = Array.from({ length: OPENAI_TOOL_LIMITS.tools + 1 }, (_, i) => weather(`t${i}`));
    expect(await refusedParam({ messages: [question], tools: many })).toBe('tools');
    expect(await refusedParam({ messages: [question], tools: [weather(), weather()] })).toBe(
      'tools[1].function.name',
    );
  });

  it('a parameters schema over its size bound', async () => {
    const huge = weather();
    huge.function.parameters = {
      type: 'object',
      description: 'x'.repeat(OPENAI_TOOL_LIMITS.parametersChars),
    };
    expect(await refusedParam({ messages: [question], tools: [huge] })).toBe(
      'tools[0].function.parameters',
    );
  });

  it('a tool result whose tool_call_id matches no earlier call', async () => {
    const error = await refusal({
      messages: [
        question,
        { role: 'assistant', content: null, tool_calls: [callOf('call_1')] },
        { role: 'tool', tool_call_id: 'call_1', content: '18 °C' },
        { role: 'tool', tool_call_id: 'call_made_up', content: '20 °C' },
      ],
      tools: [weather()],
    });
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error?.param).toBe('messages[3].tool_call_id');
    expect(error?.message).toMatch(/tool_call_id/);
  });

  it('a call left unanswered, and a result that comes after the next user message', async () => {
    expect(
      await refusedParam({
        messages: [
          question,
          { role: 'assistant', content: null, tool_calls: [callOf('call_1'), callOf('call_2')] },
          { role: 'tool', tool_call_id: 'call_1', content: '18 °C' },
          { role: 'user', content: 'And?' },
        ],
        tools: [weather()],
      }),
    ).toBe('messages[1].tool_calls');
    expect(
      await refusedParam({
        messages: [
          question,
          { role: 'assistant', content: 'Let me look.', tool_calls: [callOf('call_1')] },
          { role: 'user', content: 'Go on' },
          { role: 'tool', tool_call_id: 'call_1', content: '18 °C' },
        ],
        tools: [weather()],
      }),
    ).toBe('messages[1].tool_calls');
  });

  it('a tool_choice without tools, or naming a tool not given', async () => {
    expect(await refusedParam({ messages: [question], tool_choice: 'required' })).toBe(
      'tool_choice',
    );
    expect(
      await refusedParam({
        messages: [question],
        tools: [weather()],
        tool_choice: { type: 'function', function: { name: 'get_time' } },
      }),
    ).toBe('tool_choice.function.name');
    expect(
      await refusedParam({
        messages: [question],
        tools: [weather()],
        tool_choice: 'sometimes' as 'auto',
      }),
    ).toBe('tool_choice');
  });

  it('an assistant message with neither content nor calls', async () => {
    expect(await refusedParam({ messages: [question, { role: 'assistant', content: null }] })).toBe(
      'messages[1].content',
    );
  });
});
