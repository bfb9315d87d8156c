import {
  ApiError,
  FunctionCallingConfigMode,
  GoogleGenAI,
  type Content,
  type FunctionCall,
  type GenerateContentResponse,
} from '@google/genai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProviderSim, type ProviderSim } from '../index';
import { countTokens } from '../tokens';

let sim: ProviderSim;
let ai: GoogleGenAI;

beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 5_000 } });
  ai = new GoogleGenAI({ apiKey: 'gemini-test-key', httpOptions: { baseUrl: sim.url } });
});
afterAll(() => sim.close());
beforeEach(() => sim.clearRequests());

const MODEL = 'gemini-2.5-flash';

async function collect(
  stream: AsyncGenerator<GenerateContentResponse>,
  onText?: (soFar: string) => void,
) {
  let text = '';
  let last: GenerateContentResponse | undefined;
  for await (const chunk of stream) {
    text += chunk.text ?? '';
    last = chunk;
    onText?.(text);
  }
  return { text, last };
}

describe('Gemini API through @google/genai', () => {
  it('answers generateContent with markdown, $$ math and usageMetadata', async () => {
    const response = await ai.models.generateContent({
      model: MODEL,
      contents: 'Explain gradient descent',
      config: { systemInstruction: 'You are terse.' },
    });
    const text = response.text ?? '';
    expect(text).toMatch(/^## /);
    expect(text).toContain('$$');
    expect(text).not.toContain('\\[');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    const promptTokens = Math.ceil(
      ('You are terse.'.length + 'Explain gradient descent'.length) / 4,
    );
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: promptTokens,
      candidatesTokenCount: countTokens(text),
      totalTokenCount: promptTokens + countTokens(text),
    });
    const [record] = sim.requests;
    expect(record).toMatchObject({
      provider: 'gemini',
      model: MODEL,
      // @google/genai (3.x) calls the v1 API by default.
      path: `/v1/models/${MODEL}:generateContent`,
    });
    expect(record?.headers['x-goog-api-key']).toBe('[redacted]');
  });

  it('streams over SSE to the same answer, ending with finishReason and full usage', async () => {
    const whole = await ai.models.generateContent({
      model: MODEL,
      contents: 'Explain gradient descent',
    });
    const { text, last } = await collect(
      await ai.models.generateContentStream({ model: MODEL, contents: 'Explain gradient descent' }),
    );
    expect(text).toBe(whole.text);
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata?.candidatesTokenCount).toBe(countTokens(text));
    expect(sim.requests[1]).toMatchObject({
      stream: true,
      query: { alt: 'sse' },
      outcome: 'completed',
    });
  });

  it('cuts the answer at maxOutputTokens with finishReason MAX_TOKENS', async () => {
    const response = await ai.models.generateContent({
      model: MODEL,
      contents: 'Explain gradient descent',
      config: { maxOutputTokens: 9 },
    });
    expect(response.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    expect(response.usageMetadata?.candidatesTokenCount).toBe(9);
  });

  it('takes knobs from per-request headers', async () => {
    const response = await ai.models.generateContent({
      model: MODEL,
      contents: 'Explain gradient descent',
      config: { httpOptions: { headers: { 'x-sim-tokens': '30' } } },
    });
    expect(countTokens(response.text ?? '')).toBeLessThanOrEqual(30);
  });

  it('accepts the key as the `key` query parameter and streams a JSON array without alt=sse', async () => {
    const response = await fetch(
      `${sim.url}/v1beta/models/${MODEL}:streamGenerateContent?key=abc`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ text: 'hi [sim tokens=20]' }] }],
        }),
      },
    );
    expect(response.status).toBe(200);
    const chunks = JSON.parse(await response.text()) as Array<{
      candidates: Array<{ content: { parts: Array<{ text: string }> } }>;
    }>;
    const text = chunks.map((chunk) => chunk.candidates[0]?.content.parts[0]?.text ?? '').join('');
    expect(countTokens(text)).toBeLessThanOrEqual(20);
    expect(sim.requests[0]?.query.key).toBe('[redacted]');
  });
});

describe('Gemini faults surface as ApiError with the status', () => {
  const cases: Array<[string, number, string]> = [
    ['429', 429, 'RESOURCE_EXHAUSTED'],
    ['quota', 429, 'RESOURCE_EXHAUSTED'],
    ['500', 500, 'INTERNAL'],
    ['503', 503, 'UNAVAILABLE'],
    ['auth', 401, 'UNAUTHENTICATED'],
    ['context_length', 400, 'INVALID_ARGUMENT'],
    ['model_not_found', 404, 'NOT_FOUND'],
  ];
  for (const [fault, status, googleStatus] of cases) {
    it(`fault=${fault} → ApiError ${status} ${googleStatus}`, async () => {
      const error: unknown = await ai.models
        .generateContentStream({ model: MODEL, contents: `hello [sim fault=${fault}]` })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status });
      const body = JSON.parse((error as ApiError).message) as {
        error: { code: number; status: string; message: string };
      };
      expect(body.error).toMatchObject({
        code: status,
        status: googleStatus,
        message: expect.any(String),
      });
    });
  }

  it('a missing key is a 401 in Google’s error shape', async () => {
    const response = await fetch(`${sim.url}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { code: 401, status: 'UNAUTHENTICATED' },
    });
  });

  it('a fault after n tokens ends the stream with an ApiError', async () => {
    const stream = await ai.models.generateContentStream({
      model: MODEL,
      contents: 'hello [sim fault=503 fault-after=5]',
    });
    let received = '';
    const error: unknown = await collect(stream, (text) => (received = text)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(countTokens(received)).toBe(5);
  });

  it('a drop mid-stream rejects the iteration after part of the answer', async () => {
    const stream = await ai.models.generateContentStream({
      model: MODEL,
      contents: 'hello [sim fault=drop fault-after=7]',
    });
    let received = '';
    await expect(collect(stream, (text) => (received = text))).rejects.toThrow();
    expect(countTokens(received)).toBe(7);
  });

  it('a stall can be aborted through config.abortSignal, and the sim records the close', async () => {
    const controller = new AbortController();
    const stream = await ai.models.generateContentStream({
      model: MODEL,
      contents: 'hello [sim fault=stall fault-after=2]',
      config: { abortSignal: controller.signal },
    });
    let firstText!: () => void;
    const gotText = new Promise<void>((resolve) => (firstText = resolve));
    const reading = collect(stream, () => firstText());
    await gotText;
    const record = await sim.waitForRequest((r) => r.outcome === 'stalled');
    const abortedAt = Date.now();
    controller.abort();
    await expect(reading).rejects.toThrow();
    const closed = await sim.waitForRequest(
      (r) => r.id === record.id && r.closedByClientAt !== undefined,
    );
    expect((closed.closedByClientAt ?? Infinity) - abortedAt).toBeLessThan(1_000);
  });
});

describe('Gemini function calling through @google/genai', () => {
  const tools = [
    {
      functionDeclarations: [
        {
          name: 'web_search',
          description: 'Search the web',
          parametersJsonSchema: {
            type: 'object',
            properties: { query: { type: 'string' } },
            required: ['query'],
          },
        },
        {
          name: 'read_page',
          description: 'Read a web page',
          parametersJsonSchema: { type: 'object', properties: { url: { type: 'string' } } },
        },
      ],
    },
  ];
  const prompt =
    'Find pets [sim call=web_search{"query":"cats and dogs"}|web_search{"query":"dogs"} call=read_page{"url":"https://example.com/a"}]';

  /** The model's turn as it came, then one user turn of functionResponse parts. */
  function withResults(
    contents: Content[],
    calls: readonly FunctionCall[],
    results: readonly string[],
  ): Content[] {
    return [
      ...contents,
      { role: 'model', parts: calls.map((functionCall) => ({ functionCall })) },
      {
        role: 'user',
        parts: calls.map((call, index) => ({
          functionResponse: { name: call.name ?? '', response: { output: results[index] ?? '' } },
        })),
      },
    ];
  }

  it('streams parallel function calls, then another step, then answers from the results', async () => {
    let contents: Content[] = [{ role: 'user', parts: [{ text: prompt }] }];
    const calls: FunctionCall[] = [];
    let last: GenerateContentResponse | undefined;
    for await (const chunk of await ai.models.generateContentStream({
      model: MODEL,
      contents,
      config: { tools },
    })) {
      calls.push(...(chunk.functionCalls ?? []));
      last = chunk;
    }
    expect(calls.map((call) => [call.name, call.args])).toEqual([
      ['web_search', { query: 'cats and dogs' }],
      ['web_search', { query: 'dogs' }],
    ]);
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    const record = await sim.waitForRequest((r) => r.provider === 'gemini');
    expect(record.tools).toEqual(['web_search', 'read_page']);

    contents = withResults(contents, calls, ['Cats purr.', 'Dogs bark.']);
    const second = await ai.models.generateContent({ model: MODEL, contents, config: { tools } });
    expect(second.functionCalls?.map((call) => [call.name, call.args])).toEqual([
      ['read_page', { url: 'https://example.com/a' }],
    ]);

    contents = withResults(contents, second.functionCalls ?? [], ['Page A says hello.']);
    const final = await collect(
      await ai.models.generateContentStream({ model: MODEL, contents, config: { tools } }),
    );
    expect(final.text).toContain('"Cats purr." [1]');
    expect(final.text).toContain('"Dogs bark." [2]');
    expect(final.text).toContain('"Page A says hello." [3]');
  });

  it('answers as text when the function calling mode is NONE', async () => {
    const response = await ai.models.generateContent({
      model: MODEL,
      contents: 'Look [sim call=read_page]',
      config: {
        tools,
        toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } },
      },
    });
    expect(response.functionCalls).toBeUndefined();
    expect(response.text).toMatch(/^## /);
  });
});
