import type { WebSearchProvider } from '@parallax/contract';
import type { OutboundRoute } from '../../../infra/outbound/outbound-client';
import { ToolFailure, type ToolDocument } from '../turn-tool';
import { plainSnippet, webUrl } from '../untrusted-text';
import { braveRequest, braveHits } from './brave';
import { searxngHits, searxngRequest } from './searxng';
import { tavilyHits, tavilyRequest } from './tavily';

/** The search backend as the admin configured it (the key opened, for this call only). */
export interface WebSearchConfig {
  provider: WebSearchProvider;
  /** Null: the provider's official endpoint (SearXNG always has one). */
  baseUrl: string | null;
  apiKey: string | null;
}

export const WEB_SEARCH_PROVIDER_NAMES: Record<WebSearchProvider, string> = {
  searxng: 'SearXNG',
  brave: 'Brave Search',
  tavily: 'Tavily',
};

/** One result as a provider returns it, before it is cleaned. */
export interface RawHit {
  title: unknown;
  url: unknown;
  snippet: unknown;
}

/** One HTTP request to a provider: what each provider's module builds. */
export interface SearchRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface SearchQuery {
  query: string;
  count: number;
}

/** A provider's answer is JSON of a few kilobytes; anything past this is not a search answer. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
/** A search answers in a second or two; past this the tool's own timeout would be close. */
const SEARCH_TIMEOUT_MS = 15_000;
const TITLE_CHARS = 300;
const SNIPPET_CHARS = 1_000;

function requestFor(config: WebSearchConfig, query: SearchQuery): SearchRequest {
  switch (config.provider) {
    case 'searxng':
      return searxngRequest(config, query);
    case 'brave':
      return braveRequest(config, query);
    case 'tavily':
      return tavilyRequest(config, query);
  }
}

function hitsOf(provider: WebSearchProvider, json: unknown): RawHit[] {
  switch (provider) {
    case 'searxng':
      return searxngHits(json);
    case 'brave':
      return braveHits(json);
    case 'tavily':
      return tavilyHits(json);
  }
}

/** Why a provider's HTTP status failed the search, in words safe for the tool's row. */
function statusFailure(provider: WebSearchProvider, status: number): ToolFailure {
  const name = WEB_SEARCH_PROVIDER_NAMES[provider];
  // SearXNG answers 403 to a format its settings do not list.
  if (provider === 'searxng' && status === 403)
    return new ToolFailure(
      'SearXNG refused the JSON format (HTTP 403): enable json in its settings.yml (search.formats).',
    );
  if (status === 401 || status === 403)
    return new ToolFailure(
      `${name} refused the request (HTTP ${status}): check its API key or settings.`,
    );
  if (status === 429)
    return new ToolFailure(`${name} is rate limiting searches (HTTP 429): try again later.`);
  return new ToolFailure(`${name} answered HTTP ${status}.`);
}

function isRefused(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'OutboundRefused' || ('code' in error && error.code === 'EOUTBOUNDREFUSED'))
  );
}

/**
 * One search through the admin-configured provider, over the outbound route for
 * admin-configured URLs. Failures become ToolFailures that name the provider and never carry
 * the key or the upstream's body.
 */
export async function searchWeb(
  route: OutboundRoute,
  config: WebSearchConfig,
  query: SearchQuery,
  signal: AbortSignal,
): Promise<ToolDocument[]> {
  const name = WEB_SEARCH_PROVIDER_NAMES[config.provider];
  const request = requestFor(config, query);
  const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  let text: string;
  try {
    const response = await route.fetch(
      request.url,
      {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
        signal: AbortSignal.any([signal, timeout]),
      },
      MAX_RESPONSE_BYTES,
    );
    if (response.status !== 200) throw statusFailure(config.provider, response.status);
    text = response.text;
  } catch (error) {
    if (error instanceof ToolFailure) throw error;
    if (signal.aborted) throw error;
    if (timeout.aborted) throw new ToolFailure(`${name} did not answer in time.`);
    if (isRefused(error))
      throw new ToolFailure(`${name}'s address is not allowed (a private or local address).`);
    throw new ToolFailure(`${name} could not be reached.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ToolFailure(
      config.provider === 'searxng'
        ? 'SearXNG did not answer JSON: enable the json format in its settings.yml (search.formats).'
        : `${name} did not answer JSON.`,
    );
  }
  return cleanHits(hitsOf(config.provider, json), query.count);
}

/** Results with an http(s) link, once each, their text plain and capped. */
export function cleanHits(hits: readonly RawHit[], count: number): ToolDocument[] {
  const seen = new Set<string>();
  const documents: ToolDocument[] = [];
  for (const hit of hits) {
    if (documents.length >= count) break;
    const url = webUrl(hit.url);
    if (url === undefined || seen.has(url)) continue;
    seen.add(url);
    const title = typeof hit.title === 'string' ? plainSnippet(hit.title, TITLE_CHARS) : '';
    const snippet = typeof hit.snippet === 'string' ? plainSnippet(hit.snippet, SNIPPET_CHARS) : '';
    documents.push({ title: title || new URL(url).hostname, url, text: snippet });
  }
  return documents;
}
