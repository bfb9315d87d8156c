import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startProviderSim, type ProviderSim } from './index';

let sim: ProviderSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(): Promise<ProviderSim> {
  sim = await startProviderSim({
    defaults: { ttftMs: 0, tokensPerSecond: 5_000, lengthTokens: 40 },
  });
  return sim;
}

const chat = (content: string, stream = false): RequestInit => ({
  method: 'POST',
  headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'gpt-4o', stream, messages: [{ role: 'user', content }] }),
});

describe('startProviderSim', () => {
  it('exposes recorded requests over HTTP without secrets, and clears them on DELETE', async () => {
    const { url } = await start();
    await (await fetch(`${url}/v1/chat/completions`, chat('hello'))).json();
    const listed = (await (await fetch(`${url}/__sim/requests`)).json()) as {
      requests: Array<Record<string, unknown>>;
    };
    expect(listed.requests).toHaveLength(1);
    expect(listed.requests[0]).toMatchObject({
      provider: 'openai',
      method: 'POST',
      path: '/v1/chat/completions',
      model: 'gpt-4o',
      status: 200,
      outcome: 'completed',
      body: { model: 'gpt-4o', stream: false, messages: [{ role: 'user', content: 'hello' }] },
      headers: { authorization: '[redacted]' },
    });
    expect(JSON.stringify(listed)).not.toContain('sk-test');
    expect((await fetch(`${url}/__sim/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(sim?.requests).toHaveLength(0);
  });

  it('tells the embedder about every streamed token as it is written', async () => {
    const seen: Array<{ id: number; token: string }> = [];
    sim = await startProviderSim({
      defaults: { ttftMs: 0, tokensPerSecond: 5_000, lengthTokens: 12 },
      onTokenWritten: (record, token) => seen.push({ id: record.id, token }),
    });
    const body = await (await fetch(`${sim.url}/v1/chat/completions`, chat('hi', true))).text();
    const streamed = body
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map(
        (line) => JSON.parse(line.slice(6)) as { choices: Array<{ delta: { content?: string } }> },
      )
      .map((chunk) => chunk.choices[0]?.delta.content ?? '')
      .join('');
    expect(seen).toHaveLength(12);
    expect(seen.map((s) => s.token).join('')).toBe(streamed);
    expect(new Set(seen.map((s) => s.id))).toEqual(new Set([sim.requests[0]?.id]));
  });

  it('answers unknown paths with 404 naming the path', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/v2/nothing`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: 'provider-sim: no route for POST /v2/nothing' },
    });
  });

  it('answers malformed JSON with the provider’s 400', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/v1/chat/completions`, { ...chat(''), body: '{nope' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('waits for the time-to-first-token knob before the first token', async () => {
    const { url } = await start();
    await (await fetch(`${url}/v1/chat/completions`, chat('hello [sim ttft=200]'))).json();
    const [record] = sim?.requests ?? [];
    expect((record?.firstTokenAt ?? 0) - (record?.startedAt ?? 0)).toBeGreaterThanOrEqual(190);
  });

  it('paces tokens at the tokens-per-second knob', async () => {
    const { url } = await start();
    const startedAt = Date.now();
    await (await fetch(`${url}/v1/chat/completions`, chat('hello [sim tps=100 tokens=30]'))).json();
    // 30 tokens at 100/s cannot take less than ~0.3 s.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
  });

  it('rejects a request with an abusive context as context_length, as real providers do', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/v1/chat/completions`, chat('x'.repeat(4 * 128_000 + 8)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'context_length_exceeded' } });
  });

  it('waitForRequest times out with a clear error', async () => {
    const started = await start();
    await expect(started.waitForRequest(() => false, 50)).rejects.toThrow(
      /no matching request within 50 ms/,
    );
  });

  it('waitForRequest rejects with the error of a predicate that throws on a record', async () => {
    const started = await start();
    // The expectation is attached before the request goes out: the wait rejects while the
    // request's headers are read, before fetch resolves.
    const rejects = expect(
      started.waitForRequest((r) => JSON.stringify(r.body).includes('hi'), 5_000),
    ).rejects.toBeInstanceOf(TypeError);
    await fetch(`${started.url}/v1/chat/completions`, chat('hi'));
    await rejects;
  });

  it('drops a non-streamed request without answering', async () => {
    const started = await start();
    const client = new OpenAI({ apiKey: 'k', baseURL: started.baseUrls.openai, maxRetries: 0 });
    await expect(
      client.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'hi [sim fault=drop]' }],
      }),
    ).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
    expect(started.requests[0]).toMatchObject({ outcome: 'dropped' });
  });

  it('closes even while a stalled stream is open', async () => {
    const started = await start();
    const response = await fetch(
      `${started.url}/v1/chat/completions`,
      chat('hi [sim fault=stall fault-after=0]', true),
    );
    expect(response.status).toBe(200);
    await started.waitForRequest((r) => r.outcome === 'stalled');
    await started.close();
    sim = undefined;
    await expect(response.text()).rejects.toThrow();
  });

  it('refuses invalid defaults', async () => {
    await expect(startProviderSim({ defaults: { tokensPerSecond: 0 } })).rejects.toThrow(
      /tokensPerSecond/,
    );
  });
});
