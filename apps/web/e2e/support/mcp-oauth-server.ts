import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A real MCP server (the official SDK, Streamable HTTP, stateless) behind OAuth 2.1 as the MCP
 * authorization spec describes it: protected-resource metadata on a 401, authorization-server
 * metadata, dynamic client registration, an authorization page a person signs in on, and a
 * token endpoint that checks PKCE (S256). One tool, `add_note`, which declares side effects.
 */
export interface McpOAuthServer {
  url: string;
  /** The MCP endpoint. */
  mcpUrl: string;
  /** Notes `add_note` saved, in order. */
  notes: string[];
  close: () => Promise<void>;
}

const PAGE_TITLE = 'Sign in to Notes';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) req.destroy();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
}

export async function startMcpOAuthServer(
  options: {
    /** A token taken without signing in, as a server's API key would be. */
    staticToken?: string;
  } = {},
): Promise<McpOAuthServer> {
  const notes: string[] = [];
  const clients = new Map<string, { redirect_uris: string[] }>();
  const codes = new Map<string, PendingCode>();
  const tokens = new Set<string>(options.staticToken ? [options.staticToken] : []);
  let base = '';

  function mcpServer(): McpServer {
    const server = new McpServer({ name: 'notes', version: '1.0.0' });
    server.registerTool(
      'add_note',
      {
        title: 'Add a note',
        description: 'Saves a short note to your notebook.',
        inputSchema: { text: z.string().max(500) },
        annotations: { readOnlyHint: false },
      },
      async ({ text }, extra) => {
        const progressToken = extra._meta?.progressToken;
        if (progressToken !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: 1, total: 2, message: 'Saving the note' },
          });
        notes.push(text);
        return { content: [{ type: 'text', text: `Saved note #${notes.length}: ${text}` }] };
      },
    );
    return server;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
      json(res, 200, {
        resource: `${base}/mcp`,
        authorization_servers: [base],
        bearer_methods_supported: ['header'],
      });
      return;
    }
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      json(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
      return;
    }
    if (url.pathname === '/register' && req.method === 'POST') {
      const meta = JSON.parse(await readBody(req)) as { redirect_uris?: string[] };
      const clientId = randomUUID();
      clients.set(clientId, { redirect_uris: meta.redirect_uris ?? [] });
      json(res, 201, {
        ...meta,
        client_id: clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
        token_endpoint_auth_method: 'none',
      });
      return;
    }
    if (url.pathname === '/authorize' && req.method === 'GET') {
      const p = url.searchParams;
      const client = clients.get(p.get('client_id') ?? '');
      const redirectUri = p.get('redirect_uri') ?? '';
      if (
        !client ||
        !client.redirect_uris.includes(redirectUri) ||
        p.get('code_challenge_method') !== 'S256'
      ) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid authorization request');
        return;
      }
      const hidden = [...p.entries()]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>${PAGE_TITLE}</title><h1>${PAGE_TITLE}</h1>` +
            `<p>Parallax asks to use your notes.</p>` +
            `<form method="post" action="/authorize">${hidden}<button type="submit">Allow access</button></form>`,
        );
      return;
    }
    if (url.pathname === '/authorize' && req.method === 'POST') {
      const p = new URLSearchParams(await readBody(req));
      const code = randomUUID();
      const redirectUri = p.get('redirect_uri') ?? '';
      codes.set(code, {
        clientId: p.get('client_id') ?? '',
        redirectUri,
        challenge: p.get('code_challenge') ?? '',
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      const state = p.get('state');
      if (state !== null) back.searchParams.set('state', state);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const p = new URLSearchParams(await readBody(req));
      const pending = codes.get(p.get('code') ?? '');
      const verifier = p.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        p.get('grant_type') !== 'authorization_code' ||
        !pending ||
        pending.clientId !== p.get('client_id') ||
        pending.redirectUri !== p.get('redirect_uri') ||
        pending.challenge !== challenge
      ) {
        json(res, 400, { error: 'invalid_grant' });
        return;
      }
      codes.delete(p.get('code') ?? '');
      const token = randomUUID();
      tokens.add(token);
      json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      return;
    }
    if (url.pathname === '/mcp') {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
        json(
          res,
          401,
          { error: 'invalid_token' },
          {
            'www-authenticate': `Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
          },
        );
        return;
      }
      if (req.method !== 'POST') {
        json(res, 405, { error: 'method_not_allowed' }, { allow: 'POST' });
        return;
      }
      const body: unknown = JSON.parse(await readBody(req));
      const server = mcpServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  const http: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('error');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: base,
    mcpUrl: `${base}/mcp`,
    notes,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
