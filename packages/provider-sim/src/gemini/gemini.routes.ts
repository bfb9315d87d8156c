import { randomBytes } from 'node:crypto';
import type { Provider } from '@parallax/contract';
import type { Exchange } from '../exchange';
import { handleGeneration, type ParsedGeneration } from '../generation-request';
import { bearerToken, headerValue, isRecord } from '../http-io';
import type { ToolConversation } from '../tool-directive';
import { geminiWire } from './gemini.wire';

export interface GeminiRoute {
  provider: Provider;
  model: string;
  stream: boolean;
  /** Vertex with project and location authenticates with an OAuth bearer token, not a key. */
  auth: 'api-key' | 'bearer';
}

const METHOD = '(generateContent|streamGenerateContent)';
const GEMINI_API_PATH = new RegExp(`^/(?:v1|v1beta|v1alpha)/models/([^/:]+):${METHOD}$`);
const VERTEX_PATH = new RegExp(
  `^/(?:v1|v1beta1)/projects/[^/]+/locations/[^/]+/publishers/google/models/([^/:]+):${METHOD}$`,
);
// Vertex AI "express mode": an API key instead of OAuth, and no project in the path.
const VERTEX_EXPRESS_PATH = new RegExp(
  `^/(?:v1|v1beta1)/publishers/google/models/([^/:]+):${METHOD}$`,
);

export function matchGeminiRoute(pathname: string): GeminiRoute | undefined {
  const candidates: Array<[RegExp, Provider, GeminiRoute['auth']]> = [
    [GEMINI_API_PATH, 'gemini', 'api-key'],
    [VERTEX_PATH, 'google', 'bearer'],
    [VERTEX_EXPRESS_PATH, 'google', 'api-key'],
  ];
  for (const [pattern, provider, auth] of candidates) {
    const match = pattern.exec(pathname);
    if (match?.[1] && match[2]) {
      return {
        provider,
        model: decodeURIComponent(match[1]),
        stream: match[2] === 'streamGenerateContent',
        auth,
      };
    }
  }
  return undefined;
}

function textOfParts(content: unknown): string {
  if (!isRecord(content) || !Array.isArray(content.parts)) return '';
  return content.parts
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

function partsOf(content: unknown): Record<string, unknown>[] {
  return isRecord(content) && Array.isArray(content.parts) ? content.parts.filter(isRecord) : [];
}

/** A turn of functionResponse parts answers the model's calls; it is not a new prompt. */
function isFunctionResponseTurn(content: unknown): boolean {
  const parts = partsOf(content);
  return parts.length > 0 && parts.every((part) => isRecord(part.functionResponse));
}

/** `response.output` (or `.error`) when given, else the whole response object as JSON. */
function textOfResponse(response: unknown): string {
  if (!isRecord(response)) return '';
  const value = response.output ?? response.error ?? response.content;
  if (typeof value === 'string') return value;
  return JSON.stringify(value ?? response);
}

function readToolTurns(
  contents: readonly unknown[],
  body: Record<string, unknown>,
): ToolConversation {
  const lastPrompt = contents.findLastIndex(
    (c) =>
      (!isRecord(c) || c.role === undefined || c.role === 'user') && !isFunctionResponseTurn(c),
  );
  let stepsTaken = 0;
  const results: string[] = [];
  for (const content of contents.slice(lastPrompt + 1)) {
    const parts = partsOf(content);
    if (parts.some((part) => isRecord(part.functionCall))) stepsTaken++;
    for (const part of parts)
      if (isRecord(part.functionResponse))
        results.push(textOfResponse(part.functionResponse.response));
  }
  const offered = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool) =>
    isRecord(tool) && Array.isArray(tool.functionDeclarations)
      ? tool.functionDeclarations.flatMap((declaration) =>
          isRecord(declaration) && typeof declaration.name === 'string' ? [declaration.name] : [],
        )
      : [],
  );
  const config = isRecord(body.toolConfig) ? body.toolConfig.functionCallingConfig : undefined;
  const choiceNone = isRecord(config) && config.mode === 'NONE';
  return { offered, choiceNone, stepsTaken, results };
}

function parseGenerateContent(
  route: GeminiRoute,
): (body: unknown) => ParsedGeneration | { invalid: string } {
  return (body) => {
    if (!isRecord(body)) return { invalid: 'Invalid JSON payload received. Expected an object.' };
    const contents = body.contents;
    if (!Array.isArray(contents) || contents.length === 0) {
      return { invalid: '* GenerateContentRequest.contents: contents is not specified\n' };
    }
    const inputTexts = [textOfParts(body.systemInstruction ?? body.system_instruction)];
    let lastUserPrompt = '';
    for (const content of contents) {
      const text = textOfParts(content);
      inputTexts.push(text);
      const userRole = !isRecord(content) || content.role === undefined || content.role === 'user';
      if (userRole && !isFunctionResponseTurn(content)) lastUserPrompt = text;
    }
    const config = isRecord(body.generationConfig) ? body.generationConfig : {};
    const cap = config.maxOutputTokens;
    if (cap !== undefined && (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1)) {
      return { invalid: "Invalid value at 'generation_config.max_output_tokens' (TYPE_INT32)" };
    }
    return {
      model: route.model,
      stream: route.stream,
      includeUsage: true,
      inputTexts,
      lastUserPrompt,
      maxTokens: typeof cap === 'number' ? cap : undefined,
      tools: readToolTurns(contents, body),
    };
  };
}

function hasKey(exchange: Exchange, route: GeminiRoute): boolean {
  if (route.auth === 'bearer') return bearerToken(exchange.req) !== undefined;
  const queryKey = exchange.url.searchParams.get('key');
  return (
    headerValue(exchange.req, 'x-goog-api-key') !== undefined ||
    (queryKey !== null && queryKey !== '')
  );
}

export function handleGenerateContent(exchange: Exchange, route: GeminiRoute): Promise<void> {
  const sse = exchange.url.searchParams.get('alt') === 'sse';
  return handleGeneration(exchange, {
    wire: geminiWire(sse),
    provider: () => route.provider,
    hasKey: hasKey(exchange, route),
    pathModel: route.model,
    parse: parseGenerateContent(route),
    callIdPrefix: undefined,
    newId: () => randomBytes(16).toString('base64url'),
  });
}
