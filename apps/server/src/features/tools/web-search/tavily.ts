import type { RawHit, SearchQuery, SearchRequest, WebSearchConfig } from './web-search-client';

export const TAVILY_BASE_URL = 'https://api.tavily.com';

/**
 * Tavily: `POST {base}/search` with `{query, max_results, search_depth}` and the key as a
 * bearer token. Results: `results[].{title,url,content}`.
 */
export function tavilyRequest(
  config: WebSearchConfig,
  { query, count }: SearchQuery,
): SearchRequest {
  return {
    url: `${config.baseUrl ?? TAVILY_BASE_URL}/search`,
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${config.apiKey ?? ''}`,
    },
    body: JSON.stringify({ query, max_results: count, search_depth: 'basic' }),
  };
}

export function tavilyHits(json: unknown): RawHit[] {
  const results = (json as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results.map((result: { title?: unknown; url?: unknown; content?: unknown }) => ({
    title: result.title,
    url: result.url,
    snippet: result.content,
  }));
}
