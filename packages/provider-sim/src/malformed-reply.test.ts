import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderSim, type ProviderSim } from './index';

let sim: ProviderSim;
beforeAll(async () => {
  sim = await startProviderSim({ defaults: { ttftMs: 0, tokensPerSecond: 5_000 } });
});
afterAll(() => sim.close());

interface Endpoint {
  name: string;
  url: (stream: boolean) => string;
  headers: Record<string, string>;
  body: (stream: boolean) => unknown;
  /** The field a well-formed non-streamed reply carries its answer in. */
  contentField: string;
  /** A fragment only the malformed stream event contains. */
  badEvent: string;
}

const PROMPT = 'Explain caching [sim fault=malformed fault-after=2]';
const ENDPOINTS: Endpoint[] = [
  {
    name: 'openai',
    url: () => `${sim.url}/v1/chat/completions`,
    headers: { authorization: 'Bearer k' },
    body: (stream) => ({
      model: 'gpt-5-mini',
      stream,
      messages: [{ role: 'user', content: PROMPT }],
    }),
    contentField: 'choices',
    badEvent: '"delta":{"content":42}',
  },
  {
    name: 'anthropic',
    url: () => `${sim.url}/v1/messages`,
    headers: { authorization: 'Bearer k', 'anthropic-version': '2026-10-21' },
    body: (stream) => ({
      model: 'claude-haiku-4-5',
      max_tokens: 1024,
      stream,
      messages: [{ role: 'user', content: PROMPT }],
    }),
    contentField: 'content',
    badEvent: '"text":{"value":"not a string"}',
  },
  {
    name: 'gemini',
    url: (stream) =>
      `${sim.url}/v1/models/gemini-2.5-flash:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    headers: { 'x-goog-api-key': 'k' },
    body: () => ({ contents: [{ role: 'user', parts: [{ text: PROMPT }] }] }),
    contentField: 'candidates',
    badEvent: '"candidates":{"content":"not a list"}',
  },
];

function post(endpoint: Endpoint, stream: boolean): Promise<Response> {
  return fetch(endpoint.url(stream), {
    method: 'POST',
    headers: { ...endpoint.headers, 'content-type': 'application/json' },
    body: JSON.stringify(endpoint.body(stream)),
  });
}

describe.each(ENDPOINTS)('fault=malformed on $name', (endpoint) => {
  it('answers a non-streamed request 200 without its content', async () => {
    const response = await post(endpoint, false);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty(endpoint.contentField);
    expect(Object.keys(body).length).toBeGreaterThan(0);
  });

  it('streams one event of the wrong shape after fault-after tokens, then the rest', async () => {
    const response = await post(endpoint, true);
    expect(response.status).toBe(200);
    const text = await response.text();
    const events = text.split(/\r?\n\r?\n/).filter((e) => e.trim() !== '');
    const bad = events.findIndex((e) => e.includes(endpoint.badEvent));
    expect(bad).toBeGreaterThan(0);
    expect(events.slice(bad + 1).length).toBeGreaterThan(2);
    expect(sim.requests.at(-1)?.outcome).toBe('completed');
  });
});
