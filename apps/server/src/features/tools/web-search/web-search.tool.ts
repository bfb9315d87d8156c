import { TOOL_LIMITS } from '@parallax/contract';
import { z } from 'zod';
import type { OutboundRoute } from '../../../infra/outbound/outbound-client';
import { ToolFailure, type TurnTool } from '../turn-tool';
import { searchWeb, type WebSearchConfig } from './web-search-client';

const QUERY_MAX_CHARS = 400;

const WebSearchArgs = z.object({
  query: z.string().trim().min(1).max(QUERY_MAX_CHARS),
  count: z.int().min(1).max(TOOL_LIMITS.searchResults).optional(),
});

/** The `web_search` tool over the provider the admin configured. */
export function webSearchTool(route: OutboundRoute, config: WebSearchConfig): TurnTool {
  return {
    spec: {
      name: 'web_search',
      description:
        'Search the web for current information. Returns numbered results (title, link, snippet); cite them by number.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to search for.', maxLength: QUERY_MAX_CHARS },
          count: {
            type: 'integer',
            description: `How many results (1-${TOOL_LIMITS.searchResults}).`,
            minimum: 1,
            maximum: TOOL_LIMITS.searchResults,
          },
        },
        required: ['query'],
      },
    },
    async run(args, { signal }) {
      const parsed = WebSearchArgs.safeParse(args);
      if (!parsed.success)
        throw new ToolFailure(
          `web_search needs a query of 1-${QUERY_MAX_CHARS} characters and a count of 1-${TOOL_LIMITS.searchResults}.`,
        );
      const { query, count = TOOL_LIMITS.searchResults } = parsed.data;
      const documents = await searchWeb(route, config, { query, count }, signal);
      if (documents.length === 0) return { text: `No results for "${query}".` };
      return { documents };
    },
  };
}
