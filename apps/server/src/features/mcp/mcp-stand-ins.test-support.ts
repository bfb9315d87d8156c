import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  CHAT_TITLE_PROMPT,
  type ServerWsMessage,
  type WsAiStatus,
  type WsAiTool,
} from '@parallax/contract';
import type { SimRequestRecord } from '@parallax/provider-sim';
import { z } from 'zod';
import type { ChatTestApp } from '../../../test/chat';

export function isEnd(messageId: string) {
  return (f: ServerWsMessage): f is WsAiStatus =>
    f.type === 'ai_status' &&
    f.message_id === messageId &&
    (f.status === 'completed' || f.status === 'error');
}

export function toolEvents(frames: readonly ServerWsMessage[], messageId: string): WsAiTool[] {
  return frames.flatMap((f) => (f.type === 'ai_tool' && f.message_id === messageId ? [f] : []));
}

/** The sim's requests for answers whose prompt holds `marker` (titles left out). */
export function requestsFor(t: ChatTestApp, marker: string): SimRequestRecord[] {
  return t.sim.requests.filter((r) => {
    const body = JSON.stringify(r.body);
    return body.includes(marker) && !body.includes(CHAT_TITLE_PROMPT.slice(0, 40));
  });
}

/** One tool of a stand-in server: answers `reply(args)` as text. */
export interface StandInTool {
  name: string;
  description: string;
  annotations?: ToolAnnotations;
  /** The answer; `'hang'` never answers (until the server goes away). */
  reply: (args: { text?: string | undefined }) => string | 'hang';
  /** Progress notes sent before the answer. */
  progress?: string[];
}

export interface McpStandIn {
  url: string;
  /** Every call the server received, in order: `tool(text)`. */
  calls: string[];
  /** Adds a tool to every open session (the SDK sends notifications/tools/list_changed). */
  addTool(tool: StandInTool): void;
  /** Drops every connection at once (a server that goes away). */
  dropConnections(): void;
  /** Drops every connection and answers 503 to everything until comeBack(). */
  goAway(): void;
  comeBack(): void;
  /** Sessions opened (initialize answered) so far. */
  readonly sessionsOpened: number;
  /** Initialize requests refused while away. */
  readonly refusedInitializes: number;
  close(): Promise<void>;
}

/**
 * A real MCP server written with the official SDK (Streamable HTTP, one McpServer per session),
 * on 127.0.0.1. Its tools take `{ text }` and answer plain text.
 */
export async function startMcpStandIn(name: string, tools: StandInTool[]): Promise<McpStandIn> {
  const sessions = new Map<
    string,
    { server: McpServer; transport: StreamableHTTPServerTransport }
  >();
  const calls: string[] = [];
  const all = [...tools];
  const hanging = new Set<() => void>();
  let away = false;
  let sessionsOpened = 0;
  let refusedInitializes = 0;

  const register = (server: McpServer, tool: StandInTool) => {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: { text: z.string().optional() },
        ...(tool.annotations && { annotations: tool.annotations }),
      },
      async (args, extra) => {
        calls.push(`${tool.name}(${args.text ?? ''})`);
        const token = extra._meta?.progressToken;
        for (const [i, note] of (tool.progress ?? []).entries()) {
          if (token === undefined) break;
          await extra.sendNotification({
            method: 'notifications/progress',
            params: {
              progressToken: token,
              progress: i + 1,
              total: tool.progress?.length ?? 1,
              message: note,
            },
          });
        }
        const answer = tool.reply(args);
        if (answer === 'hang') {
          await new Promise<void>((resolve) => {
            hanging.add(resolve);
            extra.signal.addEventListener('abort', () => resolve(), { once: true });
          });
          return { content: [{ type: 'text', text: 'late' }] };
        }
        return { content: [{ type: 'text', text: answer }] };
      },
    );
  };

  const http: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      if (away) {
        if ((body as { method?: unknown } | undefined)?.method === 'initialize')
          refusedInitializes += 1;
        res.writeHead(503).end();
        return;
      }
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (known) return known.transport.handleRequest(req, res, body);
      if (req.method !== 'POST') {
        res.writeHead(400).end();
        return;
      }
      const server = new McpServer(
        { name, version: '1.0.0' },
        { capabilities: { tools: { listChanged: true } } },
      );
      for (const tool of all) register(server, tool);
      // Every stand-in offers one prompt and one resource too, for the listings.
      server.registerPrompt(
        'summarise',
        { description: 'Summarise a text.', argsSchema: { text: z.string() } },
        ({ text }) => ({ messages: [{ role: 'user', content: { type: 'text', text } }] }),
      );
      server.registerResource(
        'readme',
        `${name}://readme`,
        { description: 'What this server is.', mimeType: 'text/plain' },
        (uri) => ({ contents: [{ uri: uri.href, text: `${name} stand-in` }] }),
      );
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessionsOpened += 1;
          sessions.set(sessionId, { server, transport });
        },
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const dropConnections = () => {
    http.closeAllConnections();
    for (const { transport } of sessions.values()) void transport.close();
    sessions.clear();
    for (const wake of hanging) wake();
    hanging.clear();
  };

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    addTool(tool) {
      all.push(tool);
      for (const { server } of sessions.values()) register(server, tool);
    },
    dropConnections,
    goAway() {
      away = true;
      dropConnections();
    },
    comeBack() {
      away = false;
    },
    get sessionsOpened() {
      return sessionsOpened;
    },
    get refusedInitializes() {
      return refusedInitializes;
    },
    async close() {
      dropConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
