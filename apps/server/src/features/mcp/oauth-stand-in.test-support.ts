import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {
  OAuthClientInformationFull,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import express from 'express';

export interface OAuthMcpStandIn {
  /** The MCP endpoint (Streamable HTTP, bearer tokens required). */
  url: string;
  /** Clients registered dynamically. */
  clients: Map<string, OAuthClientInformationFull>;
  close(): Promise<void>;
}

/**
 * An MCP server that needs the user's own account, with its authorization server on the same
 * origin, both written with the official SDK: protected resource metadata, authorization
 * server metadata, dynamic client registration, PKCE (checked by the SDK), refresh tokens.
 * Its authorization page signs the user in at once (as `account`) and redirects back.
 */
export async function startOAuthMcpStandIn(account: string): Promise<OAuthMcpStandIn> {
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  const tokens = new Map<string, AuthInfo>();

  const issue = (clientId: string): OAuthTokens => {
    const token = randomUUID();
    tokens.set(token, {
      token,
      clientId,
      scopes: [],
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: randomUUID(),
    };
  };

  const provider: OAuthServerProvider = {
    clientsStore: {
      getClient: (id) => clients.get(id),
      registerClient: (client) => {
        const full = client as OAuthClientInformationFull;
        clients.set(full.client_id, full);
        return full;
      },
    },
    authorize: async (client, params, res) => {
      const code = randomUUID();
      codes.set(code, { clientId: client.client_id, params });
      const back = new URL(params.redirectUri);
      back.searchParams.set('code', code);
      if (params.state !== undefined) back.searchParams.set('state', params.state);
      res.redirect(302, back.toString());
    },
    challengeForAuthorizationCode: async (_client, code) => {
      const known = codes.get(code);
      if (!known) throw new Error('unknown code');
      return known.params.codeChallenge;
    },
    exchangeAuthorizationCode: async (client, code) => {
      const known = codes.get(code);
      codes.delete(code);
      if (!known || known.clientId !== client.client_id) throw new Error('bad code');
      return issue(client.client_id);
    },
    exchangeRefreshToken: async (client) => issue(client.client_id),
    verifyAccessToken: async (token) => {
      const info = tokens.get(token);
      if (!info) throw new Error('unknown token');
      return info;
    },
  };

  const app = express();
  const http: Server = await new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
  const base = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
  const mcpUrl = new URL('/mcp', base);
  app.use(mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl }));
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  app.all('/mcp', express.json(), bearer, async (req, res) => {
    if (req.method !== 'POST') {
      res.status(405).end();
      return;
    }
    const server = new McpServer({ name: 'gamma', version: '1.0.0' });
    server.registerTool(
      'whoami',
      { description: 'Who the token belongs to.', annotations: { readOnlyHint: true } },
      () => ({ content: [{ type: 'text', text: `signed in as ${account}` }] }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  return {
    url: mcpUrl.toString(),
    clients,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
