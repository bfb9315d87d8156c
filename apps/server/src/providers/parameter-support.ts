import type { ChatParameter, Provider } from '@parallax/contract';

const SAMPLING: readonly ChatParameter[] = ['temperature', 'top_p', 'max_output_tokens', 'stop'];

/** OpenAI's reasoning models: o-series and gpt-5+ (except the gpt-5-chat variants). */
export function isOpenAiReasoningModel(model: string): boolean {
  if (/^o\d+(?:-|$)/.test(model)) return true;
  const gpt = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(model);
  if (!gpt) return false;
  const chatVariant = gpt[2] === undefined && (gpt[3]?.startsWith('chat') ?? false);
  return Number(gpt[1]) >= 5 && !chatVariant;
}

/** Claude models with extended thinking (3.7 Sonnet and every 4+). */
function anthropicThinks(model: string): boolean {
  return /claude-3-7|claude-(opus|sonnet|haiku|fable)-[4-9]/.test(model);
}

/** Gemini models with a thinking budget (2.5 and later). */
function geminiThinks(model: string): boolean {
  return /gemini-(2\.5|[3-9])/.test(model);
}

/**
 * Which chat parameters a model takes, by what its provider documents for it: OpenAI's reasoning
 * models refuse sampling and stop but take reasoning_effort; xAI's grok-3-mini takes
 * reasoning_effort, its reasoning models no stop; Claude and Gemini think on a token budget.
 */
export function supportedParameters(provider: Provider, model: string): ChatParameter[] {
  switch (provider) {
    case 'openai':
      return isOpenAiReasoningModel(model)
        ? ['max_output_tokens', 'reasoning_effort']
        : [...SAMPLING];
    case 'grok':
      if (/grok-3-mini/.test(model))
        return ['temperature', 'top_p', 'max_output_tokens', 'reasoning_effort'];
      return /grok-[4-9]/.test(model)
        ? ['temperature', 'top_p', 'max_output_tokens']
        : [...SAMPLING];
    case 'anthropic':
      return anthropicThinks(model) ? [...SAMPLING, 'reasoning_effort'] : [...SAMPLING];
    case 'gemini':
    case 'google':
      return geminiThinks(model) ? [...SAMPLING, 'reasoning_effort'] : [...SAMPLING];
  }
}

/** A thinking budget in tokens for Claude and Gemini, from the effort asked for. */
export const THINKING_BUDGET = { low: 1_024, medium: 4_096, high: 16_384 } as const;
