import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Provider, { errors } from 'oidc-provider';
import { z } from 'zod';

/**
 * A real MCP server (the official SDK, Streamable HTTP, stateless) behind OAuth 2.1 as the MCP
 * authorization spec describes it, with a real authorization server on its own origin:
 * oidc-provider (discovery, dynamic client registration, PKCE required, its development login
 * and consent pages, RFC 8707 resource indicators issuing JWT access tokens for the MCP
 * endpoint). The MCP server answers 401 with its protected-resource metadata (RFC 9728) and
 * verifies every token's signature, issuer and audience. One tool, `add_note`, which declares
 * side effects; one prompt, `packing_list`; one resource, the notebook.
 */
export interface McpOAuthServer {
  /** The authorization server (oidc-provider): where a user signs in. */
  url: string;
  /** The MCP endpoint. */
  mcpUrl: string;
  /** Notes `add_note` saved, in order. */
  notes: string[];
  close: () => Promise<void>;
}

/** The scope the MCP server asks for. */
const MCP_SCOPE = 'notes';

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

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const shut = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startMcpOAuthServer(
  options: {
    /** A token taken without signing in, as a server's API key would be. */
    staticToken?: string;
  } = {},
): Promise<McpOAuthServer> {
  const notes: string[] = [];
  const authHttp = createServer();
  const mcpHttp = createServer();
  const [issuer, mcpBase] = await Promise.all([listen(authHttp), listen(mcpHttp)]);
  const mcpUrl = `${mcpBase}/mcp`;
  const metadataUrl = `${mcpBase}/.well-known/oauth-protected-resource/mcp`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'notes', use: 'sig' }] },
    cookies: { keys: ['mcp-e2e-notes'] },
    scopes: ['openid', 'offline_access', MCP_SCOPE],
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 86_400,
      Session: 3600,
    },
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== mcpUrl) throw new errors.InvalidTarget();
          return {
            scope: MCP_SCOPE,
            audience: mcpUrl,
            accessTokenTTL: 3600,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  });
  authHttp.on('request', provider.callback());
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));

  async function authorized(header: string | undefined): Promise<boolean> {
    if (!header?.startsWith('Bearer ')) return false;
    const token = header.slice(7);
    if (options.staticToken !== undefined && token === options.staticToken) return true;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience: mcpUrl });
      return String(payload.scope ?? '')
        .split(' ')
        .includes(MCP_SCOPE);
    } catch {
      return false;
    }
  }

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
    server.registerPrompt(
      'packing_list',
      {
        title: 'Packing list',
        description: 'Asks for a packing list for a trip.',
        argsSchema: { place: z.string() },
      },
      ({ place }) => ({
        messages: [
          { role: 'user', content: { type: 'text', text: `Write a packing list for ${place}.` } },
        ],
      }),
    );
    server.registerResource(
      'notebook',
      'notes://notebook',
      { title: 'Notebook', description: 'Every note saved so far.', mimeType: 'text/plain' },
      (uri) => ({
        contents: [{ uri: uri.href, text: notes.length ? notes.join('\n') : '(no notes yet)' }],
      }),
    );
    return server;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', mcpBase);
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
      json(res, 200, {
        resource: mcpUrl,
        authorization_servers: [issuer],
        scopes_supported: [MCP_SCOPE],
        bearer_methods_supported: ['header'],
      });
      return;
    }
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (!(await authorized(req.headers.authorization))) {
      json(
        res,
        401,
        { error: 'invalid_token' },
        {
          'www-authenticate': `Bearer error="invalid_token", resource_metadata="${metadataUrl}"`,
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
  }

  mcpHttp.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('error');
    });
  });
  return {
    url: issuer,
    mcpUrl,
    notes,
    close: async () => {
      await Promise.all([shut(authHttp), shut(mcpHttp)]);
    },
  };
}
