import type { SignInResponse } from '@parallax/contract';
import type { AppConfig } from '../../../config';
import { AppError } from '../../../infra/errors';
import type { AccountsRepository } from '../accounts.repository';
import { generateOpaqueToken, pkceChallenge } from '../secrets';
import type { FeatureFlagsService } from '../../feature-flags';
import type { SignInService } from '../sign-in.service';
import { createAppleClientSecret, type AppleKey } from './apple-client-secret';
import { parseAppleUserName, resolveOAuthAccount, type OAuthProvider } from './oauth-accounts';
import type { OauthRepository } from './oauth.repository';
import { OAuthFailure, OidcClient } from './oidc-client';

const STATE_TTL_MS = 10 * 60 * 1000;
export const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';
export const DEFAULT_APPLE_ISSUER = 'https://appleid.apple.com';
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
export const APPLE_CALLBACK_PATH = '/api/v1/auth/oauth/apple/callback';

interface GoogleCredentials {
  clientId: string;
  clientSecret: string;
}

/** Google (authorization code + PKCE, exchanged by the web) and Apple (form_post to the server). */
export class OAuthService {
  private readonly google: { client: OidcClient; credentials: GoogleCredentials } | null;
  private readonly apple: { client: OidcClient; key: AppleKey } | null;

  constructor(
    private readonly config: AppConfig,
    private readonly accounts: AccountsRepository,
    private readonly repository: OauthRepository,
    private readonly signIn: SignInService,
    private readonly flags: FeatureFlagsService,
  ) {
    const g = config.oauth.google;
    this.google =
      g.clientId && g.clientSecret
        ? {
            client: new OidcClient(g.issuer ?? DEFAULT_GOOGLE_ISSUER),
            credentials: { clientId: g.clientId, clientSecret: g.clientSecret },
          }
        : null;
    const a = config.oauth.apple;
    this.apple =
      a.clientId && a.teamId && a.keyId && a.privateKey
        ? {
            client: new OidcClient(a.issuer ?? DEFAULT_APPLE_ISSUER),
            key: {
              clientId: a.clientId,
              teamId: a.teamId,
              keyId: a.keyId,
              privateKey: a.privateKey,
            },
          }
        : null;
  }

  /** The providers offered now: credentials configured and their flag on. */
  async enabledProviders(): Promise<Record<OAuthProvider, boolean>> {
    const flags = await this.flags.values();
    return {
      google: this.google !== null && flags.google_sign_in,
      apple: this.apple !== null && flags.apple_sign_in,
    };
  }

  get appleCallbackUrl(): string {
    return `${this.config.appUrl}${APPLE_CALLBACK_PATH}`;
  }

  async googleLoginUrl(redirectUri: string, visitorId: string | null): Promise<string> {
    const google = await this.requireGoogle();
    if (redirectUri !== `${this.config.appUrl}${GOOGLE_CALLBACK_PATH}`) {
      throw new AppError(
        'bad_request',
        `redirect_uri: must be ${this.config.appUrl}${GOOGLE_CALLBACK_PATH}`,
      );
    }
    const { authorization_endpoint: endpoint } = await this.discover(google.client);
    const pending = await this.savePendingState('google', redirectUri, visitorId);
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      client_id: google.credentials.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: pkceChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  async googleExchange(
    code: string,
    state: string,
    redirectUri: string,
    callerVisitorId: string | null,
  ): Promise<SignInResponse> {
    const google = await this.requireGoogle();
    try {
      const pending = await this.repository.takeState(state, 'google', new Date().toISOString());
      if (pending === undefined || pending.redirect_uri !== redirectUri) {
        throw new OAuthFailure(
          'invalid_state',
          'This sign-in attempt has expired or was already used. Please start again.',
        );
      }
      const idToken = await google.client.exchangeCode({
        code,
        redirect_uri: redirectUri,
        client_id: google.credentials.clientId,
        client_secret: google.credentials.clientSecret,
        code_verifier: pending.code_verifier,
      });
      const claims = await google.client.verifyIdToken(
        idToken,
        google.credentials.clientId,
        pending.nonce,
      );
      const profile = {
        name: typeof claims.name === 'string' ? claims.name.slice(0, 100) : null,
        avatarUrl:
          typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture)
            ? claims.picture
            : null,
      };
      const user = await resolveOAuthAccount(
        this.accounts,
        this.repository,
        'google',
        claims,
        profile,
      );
      return await this.signIn.complete(user, pending.visitor_id ?? callerVisitorId);
    } catch (error) {
      if (error instanceof OAuthFailure) throw new AppError('bad_request', error.message);
      throw error;
    }
  }

  async appleLoginUrl(visitorId: string | null): Promise<string> {
    const apple = await this.requireApple();
    const { authorization_endpoint: endpoint } = await this.discover(apple.client);
    const pending = await this.savePendingState('apple', this.appleCallbackUrl, visitorId);
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      client_id: apple.key.clientId,
      redirect_uri: this.appleCallbackUrl,
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'name email',
      state: pending.state,
      nonce: pending.nonce,
    }).toString();
    return url.toString();
  }

  /** Apple's form_post. Throws OAuthFailure (its reason goes into the error redirect). */
  async appleCallback(input: {
    code?: string | undefined;
    state: string;
    user?: string | undefined;
    error?: string | undefined;
  }): Promise<SignInResponse> {
    const apple = await this.requireApple();
    const pending = await this.repository.takeState(input.state, 'apple', new Date().toISOString());
    if (input.error !== undefined)
      throw new OAuthFailure(
        input.error === 'user_cancelled_authorize' ? 'cancelled' : 'provider_error',
        'Apple sign-in was not completed.',
      );
    if (pending === undefined || input.code === undefined) {
      throw new OAuthFailure(
        'invalid_state',
        'This sign-in attempt has expired or was already used. Please start again.',
      );
    }
    const discovery = await apple.client.discovery();
    const idToken = await apple.client.exchangeCode({
      code: input.code,
      redirect_uri: pending.redirect_uri,
      client_id: apple.key.clientId,
      client_secret: await createAppleClientSecret(apple.key, discovery.issuer),
    });
    const claims = await apple.client.verifyIdToken(idToken, apple.key.clientId, pending.nonce);
    const user = await resolveOAuthAccount(this.accounts, this.repository, 'apple', claims, {
      name: parseAppleUserName(input.user),
      avatarUrl: null,
    });
    return this.signIn.complete(user, pending.visitor_id);
  }

  /** Credentials configured (else 404 provider_not_configured) and the flag on (else 404 feature_disabled). */
  private async requireGoogle() {
    if (this.google === null)
      throw new AppError(
        'provider_not_configured',
        'Google sign-in is not configured on this server.',
      );
    await this.flags.requireOn('google_sign_in');
    return this.google;
  }

  private async requireApple() {
    if (this.apple === null)
      throw new AppError(
        'provider_not_configured',
        'Apple sign-in is not configured on this server.',
      );
    await this.flags.requireOn('apple_sign_in');
    return this.apple;
  }

  private async discover(client: OidcClient) {
    try {
      return await client.discovery();
    } catch {
      throw new AppError(
        'service_unavailable',
        'The sign-in provider is not reachable right now. Please try again later.',
      );
    }
  }

  private async savePendingState(
    provider: OAuthProvider,
    redirectUri: string,
    visitorId: string | null,
  ) {
    const now = new Date();
    const pending = {
      state: generateOpaqueToken(),
      nonce: generateOpaqueToken(),
      codeVerifier: generateOpaqueToken(),
    };
    await this.repository.insertState({
      state: pending.state,
      provider,
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
      redirect_uri: redirectUri,
      visitor_id: visitorId,
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    });
    return pending;
  }
}
