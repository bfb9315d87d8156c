import type { RawHit, SearchQuery, SearchRequest, WebSearchConfig } from './web-search-client';

export const BRAVE_BASE_URL = 'https://api.search.brave.com';

/**
 * Brave Search API: `GET {base}/res/v1/web/search?q=…&count=N` with the key in
 * `X-Subscription-Token`. Results: `web.results[].{title,url,description}` (descriptions carry
 * `<strong>` around the matched words).
 */
export function braveRequest(
  config: WebSearchConfig,
  { query, count }: SearchQuery,
): SearchRequest {
  const url = new URL(`${config.baseUrl ?? BRAVE_BASE_URL}/res/v1/web/search`);
  url.searchParams.set('q', query);
  url.searchParams.set('count', String(count));
  return {
    url: url.toString(),
    method: 'GET',
    headers: { accept: 'application/json', 'x-subscription-token': config.apiKey ?? '' },
  };
}

export function braveHits(json: unknown): RawHit[] {
  const results = (json as { web?: { results?: unknown } } | null)?.web?.results;
  if (!Array.isArray(results)) return [];
  return results.map((result: { title?: unknown; url?: unknown; description?: unknown }) => ({
    title: result.title,
    url: result.url,
    snippet: result.description,
  }));
}
