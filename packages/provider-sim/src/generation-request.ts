import { PROVIDER_MATH_DELIMITERS, type Provider } from '@parallax/contract';
import { composeAnswer } from './answer-text';
import { composeTitle, isTitleRequest } from './title-text';
import { composeCategories, isCategoryRequest } from './category-text';
import type { Exchange } from './exchange';
import { serveGeneration } from './generation-engine';
import { readBody, sendJson } from './http-io';
import { isHttpFault, KnobError, resolveKnobs, stripDirectives, type SimKnobs } from './knobs';
import { countTokens, estimatePromptTokens, splitTokens } from './tokens';
import {
  planCalls,
  planToolStep,
  readToolSteps,
  type ToolConversation,
  type ToolStep,
} from './tool-directive';
import type {
  GenerationContext,
  WireError,
  WireErrorContext,
  WireErrorKind,
  WireFormat,
} from './wire-format';

/** Context windows the sim enforces (and quotes in context-length errors), per provider. */
export const CONTEXT_WINDOWS: Record<Provider, number> = {
  openai: 128_000,
  grok: 131_072,
  anthropic: 200_000,
  gemini: 1_048_576,
  google: 1_048_576,
};

/** The provider-neutral reading of a generation request body. */
export interface ParsedGeneration {
  model: string;
  stream: boolean;
  includeUsage: boolean;
  /** Every piece of input text (system prompt and all turns), for the prompt-token estimate. */
  inputTexts: string[];
  lastUserPrompt: string;
  maxTokens: number | undefined;
  tools: ToolConversation;
}

export interface GenerationEndpoint {
  wire: WireFormat;
  /** Which provider is imitated; OpenAI's path also serves xAI, told apart by the model. */
  provider(model: string | undefined): Provider;
  /** Whether the request carries a key where the real provider expects it. */
  hasKey: boolean;
  /** The model named in the URL (Gemini), if any. */
  pathModel?: string;
  parse(body: unknown): ParsedGeneration | { invalid: string };
  /** How the provider's tool call ids start; undefined: it sends none (Gemini). */
  callIdPrefix: string | undefined;
  newId(): string;
}

function sendWireError(exchange: Exchange, error: WireError): void {
  exchange.log.update(exchange.record, { status: error.status });
  sendJson(exchange.res, error.status, error.body, error.headers);
  exchange.log.finish(exchange.record, 'error');
}

function planContext(
  endpoint: GenerationEndpoint,
  parsed: ParsedGeneration,
  provider: Provider,
  knobs: SimKnobs,
  promptTokens: number,
  toolSteps: readonly ToolStep[],
): GenerationContext {
  const base = {
    provider,
    id: endpoint.newId(),
    model: parsed.model,
    created: Math.floor(Date.now() / 1000),
    promptTokens,
    includeUsage: parsed.includeUsage,
  };
  const plan = planToolStep(toolSteps, parsed.tools);
  if (plan.kind === 'calls') {
    const toolCalls = planCalls(plan.calls, endpoint.callIdPrefix);
    const outputTokens = toolCalls.reduce(
      (sum, call) => sum + countTokens(`${call.name} ${call.arguments}`),
      0,
    );
    return { ...base, tokens: [], text: '', toolCalls, outputTokens, finish: 'tool_calls' };
  }
  // Like a real model, the answer does not know the cap: a smaller cap cuts it off.
  const cap = parsed.maxTokens ?? Number.POSITIVE_INFINITY;
  // A title request is answered with a title tests can predict, not with a long answer.
  const text =
    plan.kind === 'answer'
      ? plan.text
      : isTitleRequest(parsed.lastUserPrompt)
        ? composeTitle(parsed.lastUserPrompt)
        : isCategoryRequest(parsed.lastUserPrompt)
          ? composeCategories(parsed.lastUserPrompt)
          : composeAnswer({
              prompt: stripDirectives(parsed.lastUserPrompt),
              model: parsed.model,
              math: PROVIDER_MATH_DELIMITERS[provider],
              targetTokens: knobs.lengthTokens,
            });
  const allTokens = splitTokens(text);
  const truncated = allTokens.length > cap;
  const tokens = truncated ? allTokens.slice(0, cap) : allTokens;
  return {
    ...base,
    tokens,
    text: tokens.join(''),
    toolCalls: [],
    outputTokens: tokens.length,
    finish: truncated ? 'length' : 'stop',
  };
}

/** The path every generation request takes: body, auth, validation, knobs, faults, answer. */
export async function handleGeneration(
  exchange: Exchange,
  endpoint: GenerationEndpoint,
): Promise<void> {
  const { wire } = endpoint;
  const raw = await readBody(exchange.req);
  let body: unknown;
  try {
    body = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    body = raw;
  }
  const bodyModel =
    typeof body === 'object' && body !== null && 'model' in body && typeof body.model === 'string'
      ? body.model
      : undefined;
  const model = endpoint.pathModel ?? bodyModel;
  const provider = endpoint.provider(model);
  exchange.log.update(exchange.record, { body, provider, model });
  const errorContext: WireErrorContext = {
    provider,
    model,
    promptTokens: 0,
    contextWindow: CONTEXT_WINDOWS[provider],
  };
  const refuse = (kind: WireErrorKind, detail?: string): void =>
    sendWireError(
      exchange,
      wire.error(kind, { ...errorContext, ...(detail === undefined ? {} : { detail }) }),
    );

  if (!endpoint.hasKey) return refuse('missing_key');
  if (typeof body === 'string')
    return refuse('invalid_request', 'We could not parse the JSON body of your request.');
  const parsed = endpoint.parse(body);
  if ('invalid' in parsed) return refuse('invalid_request', parsed.invalid);
  exchange.log.update(exchange.record, { stream: parsed.stream });

  exchange.log.update(exchange.record, { tools: [...parsed.tools.offered] });
  let knobs: SimKnobs;
  let toolSteps: ToolStep[];
  try {
    knobs = resolveKnobs(exchange.req.headers, parsed.lastUserPrompt, exchange.defaults);
    toolSteps = readToolSteps(parsed.lastUserPrompt);
  } catch (error) {
    if (error instanceof KnobError) return refuse('invalid_request', error.message);
    throw error;
  }
  errorContext.promptTokens = estimatePromptTokens(parsed.inputTexts);
  const inStream = parsed.stream && knobs.faultAfterTokens !== undefined;
  if (isHttpFault(knobs.fault) && !inStream) return refuse(knobs.fault);
  if (errorContext.promptTokens > errorContext.contextWindow) return refuse('context_length');

  const context = planContext(
    endpoint,
    parsed,
    provider,
    knobs,
    errorContext.promptTokens,
    toolSteps,
  );
  const streamFault = isHttpFault(knobs.fault) ? wire.error(knobs.fault, errorContext) : undefined;
  await serveGeneration(exchange, { wire, context, knobs, stream: parsed.stream, streamFault });
}
