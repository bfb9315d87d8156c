import { randomBytes } from 'node:crypto';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { SecretBox } from '../../infra/secret-box';
import { AppError } from '../../infra/errors';
import type { McpConnections } from './mcp-connections';
import { fetchThrough } from './mcp-fetch';
import { StoredOAuthProvider, verifierContext } from './mcp-oauth-provider';
import type { McpOAuthRepository } from './mcp-oauth.repository';
import type { McpServerSpec } from './mcp-server-spec';

/** How long a sign-in may take between its start and the provider's redirect back. */
const SIGN_IN_MS = 10 * 60_000;

/**
 * OAuth 2.1 per the MCP authorization spec, through the SDK's client helpers: discovery of the
 * server's authorization server, dynamic client registration where offered, PKCE, and tokens
 * kept per user, sealed. The browser comes back to GET /api/v1/mcp/oauth/callback.
 */
export class McpOAuth {
  constructor(
    private readonly repository: McpOAuthRepository,
    private readonly box: SecretBox,
    private readonly connections: () => McpConnections,
    /** APP_URL: the callback and the page the browser returns to are on it. */
    private readonly appUrl: string,
  ) {}

  get redirectUrl(): string {
    return `${this.appUrl}/api/v1/mcp/oauth/callback`;
  }

  providerFor(
    spec: McpServerSpec,
    onRedirect: (url: URL) => void,
    signIn?: { state: string; verifier?: string | undefined },
  ): StoredOAuthProvider {
    if (spec.oauth === null) throw new Error('not an OAuth server');
    return new StoredOAuthProvider({
      repository: this.repository,
      box: this.box,
      serverId: spec.id,
      userId: spec.oauth.userId,
      redirectUrl: this.redirectUrl,
      client: spec.oauth,
      ...(signIn && { signIn }),
      onRedirect,
    });
  }

  async signedIn(spec: McpServerSpec): Promise<boolean> {
    return (
      spec.oauth !== null &&
      (await this.repository.tokens(spec.oauth.userId, spec.id)) !== undefined
    );
  }

  async start(spec: McpServerSpec, returnTo: string): Promise<string> {
    if (spec.oauth === null || spec.url === null)
      throw new AppError('validation_error', 'This server does not use sign-in.');
    const state = randomBytes(24).toString('base64url');
    await this.repository.insertState({
      state,
      user_id: spec.oauth.userId,
      server_id: spec.id,
      verifier_sealed: null,
      return_to: returnTo,
      expires_at: new Date(Date.now() + SIGN_IN_MS).toISOString(),
    });
    let target: URL | undefined;
    const provider = this.providerFor(
      spec,
      (url) => {
        target = url;
      },
      { state },
    );
    try {
      await auth(provider, {
        serverUrl: spec.url,
        fetchFn: fetchThrough(this.connections().routeFor(spec)),
        ...(spec.oauth.scope && { scope: spec.oauth.scope }),
      });
    } catch {
      throw new AppError('service_unavailable', 'The server’s sign-in could not be started.');
    }
    if (target === undefined || !/^https?:$/.test(target.protocol))
      throw new AppError('conflict', 'You are already signed in to this server.');
    return target.toString();
  }

  async finish(
    query: { code?: string | undefined; state?: string | undefined },
    specOf: (serverId: string, userId: string) => Promise<McpServerSpec | null>,
  ): Promise<{ redirect: string; spec: McpServerSpec | null }> {
    const row = query.state ? await this.repository.takeState(query.state) : undefined;
    const back = (outcome: 'ok' | 'error', path = '/settings') =>
      `${this.appUrl}${path}${path.includes('?') ? '&' : '?'}mcp_oauth=${outcome}`;
    if (!row) return { redirect: back('error'), spec: null };
    const spec = await specOf(row.server_id, row.user_id);
    const verifier =
      row.verifier_sealed === null
        ? undefined
        : this.box.open(row.verifier_sealed, verifierContext(row.state));
    if (!spec || spec.url === null || !query.code || verifier === undefined)
      return { redirect: back('error', row.return_to), spec: null };
    const provider = this.providerFor(spec, () => undefined, { state: row.state, verifier });
    try {
      const result = await auth(provider, {
        serverUrl: spec.url,
        authorizationCode: query.code,
        fetchFn: fetchThrough(this.connections().routeFor(spec)),
      });
      if (result !== 'AUTHORIZED') return { redirect: back('error', row.return_to), spec };
    } catch {
      return { redirect: back('error', row.return_to), spec };
    }
    return { redirect: back('ok', row.return_to), spec };
  }

  async signOut(spec: McpServerSpec): Promise<void> {
    if (spec.oauth !== null) await this.repository.forgetTokens(spec.oauth.userId, spec.id);
  }
}
