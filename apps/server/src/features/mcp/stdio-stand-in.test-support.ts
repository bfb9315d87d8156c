/*
 * A real MCP server over stdio, written with the official SDK: the test names it in
 * MCP_STDIO_SERVERS as `node <this file>` (Node runs TypeScript by stripping its types).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
server.registerTool(
  'echo',
  {
    description: 'Says the text back.',
    inputSchema: { text: z.string() },
    annotations: { readOnlyHint: true },
  },
  ({ text }) => ({
    content: [{ type: 'text', text: `echo ${text} from ${process.env.NOTES_GREETING ?? '?'}` }],
  }),
);
await server.connect(new StdioServerTransport());
