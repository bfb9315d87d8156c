import { PROVIDERS, type Provider } from '@parallax/contract';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import type { ChatRequest } from './chat-types';
import { supportedParameters } from './parameter-support';
import { createProviderAdapter } from './provider-registry';
import {
  operatorOutbound,
  startLocalTokenEndpoint,
  type LocalTokenEndpoint,
} from './provider-test-kit';

let sim: ProviderSim;
let tokens: LocalTokenEndpoint;
let config: AppConfig['providers'];
const outbound = operatorOutbound();

beforeAll(async () => {
  sim = await startProviderSim({
    defaults: { ttftMs: 0, tokensPerSecond: 5_000, lengthTokens: 5 },
  });
  tokens = await startLocalTokenEndpoint();
  config = {
    openai: { apiKey: 'sk-test-openai', baseUrl: sim.baseUrls.openai },
    anthropic: { apiKey: 'sk-ant-test', baseUrl: sim.baseUrls.anthropic },
    gemini: { apiKey: 'gemini-test-key', baseUrl: sim.baseUrls.gemini },
    googleVertex: {
      project: 'sim-project',
      location: 'us-central1',
      credentialsFile: tokens.credentialsFile,
      baseUrl: sim.baseUrls.google,
    },
    xai: { apiKey: 'xai-test-key', baseUrl: sim.baseUrls.grok },
  };
});

afterAll(async () => {
  outbound.close();
  await sim.close();
  await tokens.close();
});

const SETTINGS = {
  system: 'Answer like a pirate.',
  temperature: 0.3,
  topP: 0.8,
  maxOutputTokens: 300,
  stopSequences: ['END'],
};

/** What arrived upstream for one request through the real adapter. */
async function sentBody(provider: Provider, request: Omit<ChatRequest, 'messages'>) {
  const adapter = createProviderAdapter(provider, config, { noActivityMs: 5_000 }, outbound);
  if (!adapter) throw new Error(`${provider} is not configured`);
  const before = sim.requests.length;
  for await (const event of adapter.streamChat({
    ...request,
    messages: [{ role: 'user', content: 'Hello' }],
  }))
    void event;
  const record = sim.requests.slice(before).find((r) => r.provider === provider);
  return record?.body as Record<string, unknown>;
}

describe('chat parameters in each provider’s own fields', () => {
  it('openai chat completions: temperature, top_p, max_tokens, stop, system turn', async () => {
    expect(await sentBody('openai', { model: 'gpt-4o-mini', ...SETTINGS })).toMatchObject({
      temperature: 0.3,
      top_p: 0.8,
      max_tokens: 300,
      stop: ['END'],
      messages: [{ role: 'system', content: SETTINGS.system }, { role: 'user' }],
    });
    const reasoning = await sentBody('openai', {
      model: 'gpt-5-mini',
      system: SETTINGS.system,
      maxOutputTokens: 300,
      reasoningEffort: 'high',
    });
    expect(reasoning).toMatchObject({
      max_completion_tokens: 300,
      reasoning_effort: 'high',
      messages: [{ role: 'developer', content: SETTINGS.system }, { role: 'user' }],
    });
  });

  it('anthropic messages: system blocks, stop_sequences, thinking budget inside max_tokens', async () => {
    const body = await sentBody('anthropic', {
      model: 'claude-haiku-4-5',
      ...SETTINGS,
      reasoningEffort: 'low',
    });
    expect(body).toMatchObject({
      system: [{ type: 'text', text: SETTINGS.system }],
      temperature: 0.3,
      top_p: 0.8,
      stop_sequences: ['END'],
      thinking: { type: 'enabled', budget_tokens: 1_024 },
    });
    expect(body.max_tokens).toBeGreaterThan(1_024);
  });

  it.each(['gemini', 'google'] as const)(
    '%s generateContent: generationConfig, thinkingConfig, systemInstruction',
    async (provider) => {
      expect(
        await sentBody(provider, {
          model: 'gemini-2.5-flash',
          ...SETTINGS,
          reasoningEffort: 'medium',
        }),
      ).toMatchObject({
        generationConfig: {
          temperature: 0.3,
          topP: 0.8,
          maxOutputTokens: 300,
          stopSequences: ['END'],
          thinkingConfig: { thinkingBudget: 4_096 },
        },
        systemInstruction: { parts: [{ text: SETTINGS.system }] },
      });
    },
  );

  it('grok (OpenAI-shaped): max_completion_tokens and reasoning_effort', async () => {
    expect(
      await sentBody('grok', {
        model: 'grok-3-mini',
        system: SETTINGS.system,
        temperature: 0.3,
        topP: 0.8,
        maxOutputTokens: 300,
        reasoningEffort: 'low',
      }),
    ).toMatchObject({
      temperature: 0.3,
      top_p: 0.8,
      max_completion_tokens: 300,
      reasoning_effort: 'low',
      messages: [{ role: 'system', content: SETTINGS.system }, { role: 'user' }],
    });
  });

  it('leaves out what is unset', async () => {
    const models: Record<Provider, string> = {
      openai: 'gpt-4o-mini',
      anthropic: 'claude-haiku-4-5',
      gemini: 'gemini-2.5-flash',
      google: 'gemini-2.5-flash',
      grok: 'grok-3-mini',
    };
    for (const provider of PROVIDERS) {
      const body = JSON.stringify(await sentBody(provider, { model: models[provider] }));
      expect(body).not.toMatch(/temperature|top_?p|stop|reasoning|thinking/i);
    }
  });
});

describe('supportedParameters', () => {
  it('follows what each provider documents for the model', () => {
    expect(supportedParameters('openai', 'gpt-4o-mini')).not.toContain('reasoning_effort');
    expect(supportedParameters('openai', 'gpt-5-mini')).toEqual([
      'max_output_tokens',
      'reasoning_effort',
    ]);
    expect(supportedParameters('grok', 'grok-4')).not.toContain('stop');
    expect(supportedParameters('grok', 'grok-3-mini')).toContain('reasoning_effort');
    expect(supportedParameters('anthropic', 'claude-haiku-4-5')).toContain('reasoning_effort');
    expect(supportedParameters('gemini', 'gemini-1.5-pro')).not.toContain('reasoning_effort');
    expect(supportedParameters('google', 'gemini-2.5-pro')).toContain('reasoning_effort');
  });
});
