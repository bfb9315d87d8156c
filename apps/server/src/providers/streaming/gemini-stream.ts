import type { ChatRequest, ChatTurn, FinishReason } from '../chat-types';
import { THINKING_BUDGET } from '../parameter-support';
import {
  functionCallParts,
  functionResponsePart,
  geminiToolFields,
  readFunctionCall,
} from './gemini-tools';
import {
  asNumber,
  invalidReply,
  optionalArray,
  optionalRecord,
  optionalString,
  parseEventJson,
  STREAM_ENDED_EARLY,
  toBase64,
  UpstreamStreamError,
  withoutTrailingSlash,
  type SseDecoder,
  type SseWire,
  type WholeAnswerWire,
  type WireEvent,
} from './wire';

// The API version @google/genai (3.x) calls by default.
const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1';

type ContentTurn = Exclude<ChatTurn, { role: 'tool' }>;

function toContent(turn: ContentTurn, model: string): { role: string; parts: unknown[] } {
  const parts =
    typeof turn.content === 'string'
      ? [{ type: 'text' as const, text: turn.content }]
      : turn.content;
  const calls = turn.role === 'assistant' ? (turn.toolCalls ?? []) : [];
  return {
    role: turn.role === 'assistant' ? 'model' : 'user',
    parts: [
      ...parts
        // A turn that only calls tools has no text part.
        .filter((part) => calls.length === 0 || part.type !== 'text' || part.text !== '')
        .map((part) =>
          part.type === 'text'
            ? { text: part.text }
            : { inlineData: { mimeType: part.mediaType, data: toBase64(part.data) } },
        ),
      ...functionCallParts(calls, model),
    ],
  };
}

/** A step's results go back as one `user` turn of functionResponse parts, in call order. */
function toContents(turns: readonly ChatTurn[], model: string): Record<string, unknown>[] {
  const contents: Array<{ role: string; parts: unknown[] }> = [];
  let results: { role: string; parts: unknown[] } | undefined;
  for (const turn of turns) {
    if (turn.role === 'tool') {
      if (!results) {
        results = { role: 'user', parts: [] };
        contents.push(results);
      }
      results.parts.push(functionResponsePart(turn));
      continue;
    }
    results = undefined;
    contents.push(toContent(turn, model));
  }
  return contents;
}

export function geminiRequestBody(request: ChatRequest): Record<string, unknown> {
  return {
    generationConfig: {
      ...(request.maxOutputTokens === undefined
        ? {}
        : { maxOutputTokens: request.maxOutputTokens }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.topP === undefined ? {} : { topP: request.topP }),
      ...(request.stopSequences === undefined ? {} : { stopSequences: request.stopSequences }),
      ...(request.reasoningEffort === undefined
        ? {}
        : { thinkingConfig: { thinkingBudget: THINKING_BUDGET[request.reasoningEffort] } }),
    },
    contents: toContents(request.messages, request.model),
    ...geminiToolFields(request),
    ...(request.system === undefined
      ? {}
      : { systemInstruction: { parts: [{ text: request.system }] } }),
  };
}

function toFinishReason(reason: string): FinishReason {
  if (reason === 'STOP') return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (
    ['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY'].includes(
      reason,
    )
  )
    return 'content_filter';
  return 'other';
}

/**
 * Gemini / Vertex `streamGenerateContent?alt=sse`: every event is a whole GenerateContentResponse.
 * A failure mid-answer arrives as a bare JSON error object outside any event (the parser's
 * stray text), after which the stream just ends.
 */
function decoder(): SseDecoder {
  let finish: FinishReason | undefined;
  let inputTokens = 0;
  let outputTokens = 0;
  let calls = 0;
  return {
    event(_name, data, out) {
      const chunk = parseEventJson(data);
      if (chunk.error !== undefined) throw new UpstreamStreamError(data);
      const usage = optionalRecord(chunk.usageMetadata, 'usageMetadata', data);
      if (usage) {
        inputTokens = asNumber(usage.promptTokenCount) ?? inputTokens;
        const candidates = asNumber(usage.candidatesTokenCount);
        if (candidates !== undefined)
          outputTokens = candidates + (asNumber(usage.thoughtsTokenCount) ?? 0);
      }
      const candidates = optionalArray(chunk.candidates, 'candidates', data);
      if (candidates.length === 0) return;
      const candidate = optionalRecord(candidates[0], 'candidates[0]', data);
      if (!candidate) return invalidReply('candidates[0] is missing', data);
      const content = optionalRecord(candidate.content, 'candidates[0].content', data);
      for (const value of optionalArray(content?.parts, 'candidates[0].content.parts', data)) {
        const part = optionalRecord(value, 'part', data);
        const call = part && readFunctionCall(part, calls, data);
        if (call) {
          calls++;
          out.push(call);
          continue;
        }
        const text = optionalString(part?.text, 'part.text', data);
        if (text === undefined) continue;
        if (part?.thought === true) out.push({ type: 'reasoning' });
        else if (text !== '') out.push({ type: 'text', text });
      }
      const reason = optionalString(candidate.finishReason, 'candidates[0].finishReason', data);
      // Gemini ends a step of calls with STOP: its calls make it a tool_calls finish.
      if (reason !== undefined)
        finish = calls > 0 && reason === 'STOP' ? 'tool_calls' : toFinishReason(reason);
    },
    end(stray, out) {
      if (stray.trim() !== '') throw new UpstreamStreamError(stray.slice(0, 2_000));
      if (finish === undefined) throw new UpstreamStreamError(STREAM_ENDED_EARLY);
      out.push({ type: 'usage', inputTokens, outputTokens }, { type: 'finish', reason: finish });
    },
  };
}

/** A bare model id lives under `models/`; a full resource name (`tunedModels/…`) is kept. */
function modelPath(model: string): string {
  return model.includes('/') ? model : `models/${model}`;
}

function streamUrl(baseUrl: string, model: string): string {
  return `${withoutTrailingSlash(baseUrl)}/${modelPath(model)}:streamGenerateContent?alt=sse`;
}

function wholeUrl(baseUrl: string, model: string): string {
  return `${withoutTrailingSlash(baseUrl)}/${modelPath(model)}:generateContent`;
}

/**
 * `generateContent` answers one GenerateContentResponse, the shape of one stream event. Without
 * a finish reason the answer is not cut short, as a stream would be, but malformed.
 */
function decodeWhole(body: string): WireEvent[] {
  const out: WireEvent[] = [];
  const read = decoder();
  read.event('', body, out);
  try {
    read.end('', out);
  } catch (error) {
    if (error instanceof UpstreamStreamError && error.message === STREAM_ENDED_EARLY)
      return invalidReply('answer without a finishReason', body);
    throw error;
  }
  return out;
}

function wholeWire(
  baseUrl: string,
  headers: (request: ChatRequest) => Record<string, string> | Promise<Record<string, string>>,
): WholeAnswerWire {
  return {
    target: async (request) => ({
      url: wholeUrl(baseUrl, request.model),
      headers: await headers(request),
      body: geminiRequestBody(request),
    }),
    decode: decodeWhole,
  };
}

export function geminiWire(config: { apiKey: string; baseUrl?: string | undefined }): SseWire {
  const baseUrl = config.baseUrl ?? GEMINI_BASE_URL;
  return {
    target: (request) => ({
      url: streamUrl(baseUrl, request.model),
      headers: { 'x-goog-api-key': config.apiKey },
      body: geminiRequestBody(request),
    }),
    decoder,
    whole: wholeWire(baseUrl, () => ({ 'x-goog-api-key': config.apiKey })),
  };
}

export interface VertexWireConfig {
  project: string;
  location: string;
  baseUrl?: string | undefined;
  /** A current OAuth access token (cached and refreshed by vertex-credentials). */
  accessToken: () => Promise<string>;
}

/** Vertex's endpoint for a project and location, on the API version @google/genai uses. */
export function vertexBaseUrl(project: string, location: string): string {
  const host =
    location === 'global' ? 'aiplatform.googleapis.com' : `${location}-aiplatform.googleapis.com`;
  return `https://${host}/v1beta1/projects/${project}/locations/${location}/publishers/google`;
}

export function vertexWire(config: VertexWireConfig): SseWire {
  const baseUrl = config.baseUrl ?? vertexBaseUrl(config.project, config.location);
  return {
    target: async (request) => ({
      url: streamUrl(baseUrl, request.model),
      headers: { authorization: `Bearer ${await config.accessToken()}` },
      body: geminiRequestBody(request),
    }),
    decoder,
    whole: wholeWire(baseUrl, async () => ({
      authorization: `Bearer ${await config.accessToken()}`,
    })),
  };
}
