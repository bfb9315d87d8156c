import { TOOL_LIMITS } from '@parallax/contract';
import { z } from 'zod';
import type { OutboundRoute } from '../../../infra/outbound/outbound-client';
import { ToolFailure, type TurnTool } from '../turn-tool';
import { plainText } from '../untrusted-text';
import { fetchPage, PAGE_LIMITS } from './page-fetch';
import { extractPageText } from './page-text';

const ReadPageArgs = z.object({ url: z.string().trim().min(1).max(2048) });

/** The `read_page` tool: one page's main text, over the route that never reaches private addresses. */
export function readPageTool(route: OutboundRoute): TurnTool {
  return {
    spec: {
      name: 'read_page',
      description: `Read a web page (http or https, HTML or plain text, up to ${PAGE_LIMITS.maxBytes / 1024 / 1024} MB) and return its main text; cite it by number.`,
      parameters: {
        type: 'object',
        properties: {
          url: {
            type: 'string',
            description: 'The full http(s) URL of the page.',
            maxLength: 2048,
          },
        },
        required: ['url'],
      },
    },
    async run(args, { signal }) {
      const parsed = ReadPageArgs.safeParse(args);
      if (!parsed.success) throw new ToolFailure('read_page needs a url.');
      const page = await fetchPage(route, parsed.data.url, signal);
      const { title, text } =
        page.contentType === 'text'
          ? {
              title: new URL(page.url).hostname,
              text: plainText(page.body, TOOL_LIMITS.resultChars),
            }
          : extractPageText(page.body, page.url, TOOL_LIMITS.resultChars);
      if (text.length === 0) throw new ToolFailure('The page has no readable text.');
      return { documents: [{ title, url: page.url, text }] };
    },
  };
}
