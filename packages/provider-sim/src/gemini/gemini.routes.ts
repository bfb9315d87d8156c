import { randomBytes } from 'node:crypto';
import type { Provider } from '@parallax/contract';
import type { Exchange } from '../exchange';
import { handleGeneration, type ParsedGeneration } from '../generation-request';
import { bearerToken, headerValue, isRecord } from '../http-io';
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
      if (!isRecord(content) || content.role === undefined || content.role === 'user')
        lastUserPrompt = text;
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
    newId: () => randomBytes(16).toString('base64url'),
  });
}
