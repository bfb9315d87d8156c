import {
  ApiError,
  FunctionCallingConfigMode,
  GoogleGenAI,
  Type,
  type Content,
  type FunctionCall,
  type Tool,
} from '@google/genai';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SIM_VERTEX_LOCATION,
  SIM_VERTEX_PROJECT,
  startProviderSim,
  type ProviderSim,
} from '../index';

let sim: ProviderSim;
let vertex: GoogleGenAI;

/**
 * Real Vertex auth exchanges service-account credentials at Google's token endpoint, which is
 * hard-coded in google-auth-library. An OAuth2 client holding an unexpired access token needs
 * no network, so the SDK runs its real Vertex code path against the sim.
 */
function offlineAuthClient(): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: 'ya29.sim-token', expiry_date: Date.now() + 3_600_000 });
  return client;
}

beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 5_000 } });
  vertex = new GoogleGenAI({
    vertexai: true,
    project: SIM_VERTEX_PROJECT,
    location: SIM_VERTEX_LOCATION,
    googleAuthOptions: { authClient: offlineAuthClient() },
    httpOptions: { baseUrl: sim.url },
  });
});
afterAll(() => sim.close());
beforeEach(() => sim.clearRequests());

const MODEL = 'gemini-2.5-pro';
const VERTEX_PATH = `/v1beta1/projects/${SIM_VERTEX_PROJECT}/locations/${SIM_VERTEX_LOCATION}/publishers/google/models/${MODEL}`;

describe('Vertex AI through @google/genai (vertexai: true)', () => {
  it('answers on the projects/…/publishers/google path with a bearer token, $$ math and usage', async () => {
    const response = await vertex.models.generateContent({
      model: MODEL,
      contents: 'Compare sorting algorithms',
    });
    expect(response.text).toContain('$$');
    expect(response.usageMetadata?.candidatesTokenCount).toBeGreaterThan(0);
    expect(response.createTime).toBeDefined();
    const [record] = sim.requests;
    expect(record).toMatchObject({
      provider: 'google',
      path: `${VERTEX_PATH}:generateContent`,
      outcome: 'completed',
    });
    expect(record?.headers.authorization).toBe('[redacted]');
  });

  it('streams over SSE', async () => {
    let text = '';
    for await (const chunk of await vertex.models.generateContentStream({
      model: MODEL,
      contents: 'Compare sorting algorithms',
    })) {
      text += chunk.text ?? '';
    }
    const whole = await vertex.models.generateContent({
      model: MODEL,
      contents: 'Compare sorting algorithms',
    });
    expect(text).toBe(whole.text);
    expect(sim.requests[0]).toMatchObject({
      path: `${VERTEX_PATH}:streamGenerateContent`,
      query: { alt: 'sse' },
    });
  });

  it('surfaces an injected 429 as ApiError 429 RESOURCE_EXHAUSTED', async () => {
    const error: unknown = await vertex.models
      .generateContent({ model: MODEL, contents: 'hi [sim fault=429]' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      message: expect.stringContaining('RESOURCE_EXHAUSTED'),
    });
  });

  it('refuses a request without a bearer token with 401 UNAUTHENTICATED, on v1 too', async () => {
    const response = await fetch(
      `${sim.url}/v1/projects/p/locations/europe-west4/publishers/google/models/${MODEL}:generateContent`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': 'a key is not how Vertex authenticates',
        },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { code: 401, status: 'UNAUTHENTICATED' },
    });
  });

  it('serves Vertex express mode (API key, no project in the path)', async () => {
    const express = new GoogleGenAI({
      vertexai: true,
      apiKey: 'express-key',
      httpOptions: { baseUrl: sim.url },
    });
    const response = await express.models.generateContent({
      model: MODEL,
      contents: 'hi [sim tokens=15]',
    });
    expect(response.text).toBeTruthy();
    expect(sim.requests[0]).toMatchObject({
      provider: 'google',
      path: `/v1beta1/publishers/google/models/${MODEL}:generateContent`,
    });
  });
});

describe('Vertex AI function calling through @google/genai', () => {
  const tools: Tool[] = [
    {
      functionDeclarations: [
        {
          name: 'web_search',
          description: 'Search the web',
          parameters: {
            type: Type.OBJECT,
            properties: { query: { type: Type.STRING } },
            required: ['query'],
          },
        },
      ],
    },
  ];

  it('streams the calls, takes functionResponse parts, and answers from them', async () => {
    const prompt: Content = {
      role: 'user',
      parts: [{ text: 'Find [sim call=web_search{"query":"a"}|web_search{"query":"b"}]' }],
    };
    const calls: FunctionCall[] = [];
    for await (const chunk of await vertex.models.generateContentStream({
      model: MODEL,
      contents: [prompt],
      config: {
        tools,
        toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } },
      },
    }))
      calls.push(...(chunk.functionCalls ?? []));
    expect(calls.map((call) => [call.name, call.args])).toEqual([
      ['web_search', { query: 'a' }],
      ['web_search', { query: 'b' }],
    ]);
    expect(sim.requests[0]).toMatchObject({ provider: 'google', tools: ['web_search'] });

    const whole = await vertex.models.generateContent({
      model: MODEL,
      contents: [prompt],
      config: { tools },
    });
    expect(whole.functionCalls?.map((call) => call.name)).toEqual(['web_search', 'web_search']);

    const final = await vertex.models.generateContent({
      model: MODEL,
      contents: [
        prompt,
        { role: 'model', parts: calls.map((functionCall) => ({ functionCall })) },
        {
          role: 'user',
          parts: calls.map((call, index) => ({
            functionResponse: {
              name: call.name ?? '',
              response: { output: index === 0 ? 'Alpha result.' : 'Beta result.' },
            },
          })),
        },
      ],
      config: { tools },
    });
    expect(final.functionCalls).toBeUndefined();
    expect(final.text).toContain('"Alpha result." [1]');
    expect(final.text).toContain('"Beta result." [2]');
  });
});
