import type { RawHit, SearchQuery, SearchRequest, WebSearchConfig } from './web-search-client';

/**
 * SearXNG's JSON API: `GET {base}/search?q=…&format=json` (the instance must list `json` in
 * settings.yml `search.formats`, else it answers 403). Results: `results[].{url,title,content}`;
 * it has no count parameter, so the first `count` are kept.
 */
export function searxngRequest(config: WebSearchConfig, { query }: SearchQuery): SearchRequest {
  const url = new URL(`${config.baseUrl ?? ''}/search`);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  return { url: url.toString(), method: 'GET', headers: { accept: 'application/json' } };
}

export function searxngHits(json: unknown): RawHit[] {
  const results = (json as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results.map((result: { title?: unknown; url?: unknown; content?: unknown }) => ({
    title: result.title,
    url: result.url,
    snippet: result.content,
  }));
}
