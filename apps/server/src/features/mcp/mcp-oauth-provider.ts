import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import {
  OAuthClientInformationFullSchema,
  OAuthTokensSchema,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { SecretBox } from '../../infra/secret-box';
import type { McpOAuthRepository } from './mcp-oauth.repository';

/** The admin's registered client, when the server offers no dynamic registration. */
export interface McpOAuthClientConfig {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  scope?: string | undefined;
}

export interface StoredOAuthOptions {
  repository: McpOAuthRepository;
  box: SecretBox;
  serverId: string;
  userId: string;
  redirectUrl: string;
  client: McpOAuthClientConfig;
  /** A sign-in under way: its state, and the PKCE verifier once saved. */
  signIn?: { state: string; verifier?: string | undefined };
  /** Where the SDK sends the browser; outside a sign-in, it means the user must sign in again. */
  onRedirect?: (url: URL) => void;
}

const clientContext = (serverId: string) => `mcp.oauth.client.${serverId}`;
const tokensContext = (userId: string, serverId: string) =>
  `mcp.oauth.tokens.${userId}.${serverId}`;
export const verifierContext = (state: string) => `mcp.oauth.verifier.${state}`;

function parsed<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  json: string | undefined,
): T | undefined {
  if (json === undefined) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The SDK's OAuth client state for one user and one server, kept in the database sealed: the
 * server's client (registered once, dynamically where offered), the user's tokens (refreshed
 * by the SDK), and a sign-in's PKCE verifier.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  constructor(private readonly options: StoredOAuthOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Parallax',
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.options.client.clientSecret ? 'client_secret_post' : 'none',
      ...(this.options.client.scope && { scope: this.options.client.scope }),
    };
  }

  state(): string {
    const state = this.options.signIn?.state;
    if (state === undefined) throw new Error('no sign-in under way');
    return state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const { client, box, repository, serverId } = this.options;
    if (client.clientId)
      return {
        client_id: client.clientId,
        ...(client.clientSecret && { client_secret: client.clientSecret }),
      };
    const sealed = await repository.client(serverId);
    const opened = sealed === undefined ? undefined : box.open(sealed, clientContext(serverId));
    return parsed(OAuthClientInformationFullSchema, opened);
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    const { box, repository, serverId } = this.options;
    await repository.saveClient(serverId, box.seal(JSON.stringify(info), clientContext(serverId)));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const { box, repository, serverId, userId } = this.options;
    const sealed = await repository.tokens(userId, serverId);
    const opened =
      sealed === undefined ? undefined : box.open(sealed, tokensContext(userId, serverId));
    return parsed(OAuthTokensSchema, opened);
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const { box, repository, serverId, userId } = this.options;
    await repository.saveTokens(
      userId,
      serverId,
      box.seal(JSON.stringify(tokens), tokensContext(userId, serverId)),
    );
  }

  redirectToAuthorization(url: URL): void {
    this.options.onRedirect?.(url);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    const state = this.state();
    await this.options.repository.saveVerifier(
      state,
      this.options.box.seal(verifier, verifierContext(state)),
    );
  }

  codeVerifier(): string {
    const verifier = this.options.signIn?.verifier;
    if (verifier === undefined) throw new Error('no PKCE verifier for this sign-in');
    return verifier;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    const { repository, serverId, userId } = this.options;
    if (scope === 'all' || scope === 'tokens') await repository.forgetTokens(userId, serverId);
    if ((scope === 'all' || scope === 'client') && !this.options.client.clientId)
      await repository.forgetClient(serverId);
  }
}
