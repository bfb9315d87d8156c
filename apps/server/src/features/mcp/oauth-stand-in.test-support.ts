import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { OAuthMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import express from 'express';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Provider, { errors, type Configuration } from 'oidc-provider';

/** The scope the MCP server asks for (its protected resource metadata lists it). */
const MCP_SCOPE = 'mcp';

export interface OAuthMcpStandIn {
  /** The MCP endpoint (Streamable HTTP, JWT access tokens for it required). */
  url: string;
  /** The authorization server's issuer (oidc-provider). */
  issuer: string;
  /** Clients registered dynamically (RFC 7591) at the authorization server. */
  registeredClients(): Promise<number>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<URL> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * An MCP server that needs the user's own account, with a real authorization server beside it
 * on its own origin:
 * - oidc-provider: discovery (OpenID / RFC 8414 metadata), dynamic client registration, PKCE
 *   required, its development login and consent pages, resource indicators (RFC 8707) issuing
 *   JWT access tokens whose audience is the MCP endpoint;
 * - the MCP server (official SDK, Streamable HTTP): protected resource metadata (RFC 9728)
 *   naming that issuer, and every request's bearer token verified against the issuer's JWKS,
 *   issuer, audience and scope. Its `whoami` tool answers the token's subject (the login typed).
 */
export async function startOAuthMcpStandIn(): Promise<OAuthMcpStandIn> {
  const authHttp = createServer();
  const mcpHttp = createServer();
  const [issuerUrl, mcpBase] = await Promise.all([listen(authHttp), listen(mcpHttp)]);
  const issuer = issuerUrl.origin;
  const mcpUrl = new URL('/mcp', mcpBase).toString();

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let registered = 0;
  const configuration: Configuration = {
    clients: [],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'stand-in', use: 'sig' }] },
    cookies: { keys: ['mcp-oauth-stand-in'] },
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
  };
  const provider = new Provider(issuer, configuration);
  provider.on('registration_create.success', () => {
    registered += 1;
  });
  authHttp.on('request', provider.callback());

  const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  const oauthMetadata = OAuthMetadataSchema.parse(discovery);
  const jwks = createRemoteJWKSet(new URL(oauthMetadata.jwks_uri ?? `${issuer}/jwks`));
  const verifier = {
    verifyAccessToken: async (token: string): Promise<AuthInfo> => {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience: mcpUrl });
      return {
        token,
        clientId: String(payload.client_id ?? ''),
        scopes: String(payload.scope ?? '')
          .split(' ')
          .filter(Boolean),
        ...(payload.exp !== undefined && { expiresAt: payload.exp }),
        extra: { sub: payload.sub },
      };
    },
  };

  const app = express();
  app.use(
    mcpAuthMetadataRouter({
      oauthMetadata,
      resourceServerUrl: new URL(mcpUrl),
      scopesSupported: [MCP_SCOPE],
      resourceName: 'gamma',
    }),
  );
  const bearer = requireBearerAuth({
    verifier,
    requiredScopes: [MCP_SCOPE],
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(mcpUrl)),
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
      (extra) => ({
        content: [{ type: 'text', text: `signed in as ${String(extra.authInfo?.extra?.sub)}` }],
      }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  mcpHttp.on('request', app);

  return {
    url: mcpUrl,
    issuer,
    registeredClients: async () => registered,
    close: async () => {
      await Promise.all([shut(authHttp), shut(mcpHttp)]);
    },
  };
}

/** A browser's cookies for one origin, as much as the login pages need. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * What a browser does on the authorization server's pages: follows its redirects, signs in as
 * `login` on the login form, presses Continue on the consent page, and stops at the redirect
 * that leaves for the app (returned: the app's callback URL with `code` and `state`).
 */
export async function signInThroughPages(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  const start = new URL(authorizationUrl);
  let next: { url: URL; init?: RequestInit } = { url: start };
  for (let hop = 0; hop < 20; hop += 1) {
    const res = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init?.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.keep(res);
    const location = res.headers.get('location');
    if (location !== null) {
      const url = new URL(location, next.url);
      if (url.origin !== start.origin) return url;
      next = { url };
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || action === undefined || prompt === undefined)
      throw new Error(
        `sign-in page ${next.url.pathname} answered ${res.status}: ${page.slice(0, 300)}`,
      );
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any password');
    }
    next = {
      url: new URL(action.replaceAll('&amp;', '&'), next.url),
      init: {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    };
  }
  throw new Error('sign-in pages: too many steps');
}
