import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

/** The parts of an OpenID provider's discovery document we use. */
export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** Why a provider sign-in failed; the text is safe to show and to put in a redirect. */
export class OAuthFailure extends Error {
  override readonly name = 'OAuthFailure';
  constructor(
    readonly reason:
      'cancelled' | 'invalid_state' | 'provider_error' | 'invalid_token' | 'email_not_verified',
    detail: string,
  ) {
    super(detail);
  }
}

const HTTP_TIMEOUT_MS = 10_000;

function isDiscovery(value: unknown): value is OidcDiscovery {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'].every(
    (k) => typeof v[k] === 'string',
  );
}

/**
 * A relying-party client for one issuer: discovery (cached; retried after a failure), the
 * authorization-code exchange, and ID token verification against the issuer's JWKS.
 */
export class OidcClient {
  private discovered: Promise<OidcDiscovery> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(readonly issuerUrl: string) {}

  discovery(): Promise<OidcDiscovery> {
    this.discovered ??= this.fetchDiscovery().catch((error: unknown) => {
      this.discovered = undefined;
      throw error;
    });
    return this.discovered;
  }

  /** Swaps an authorization code for the provider's ID token. */
  async exchangeCode(params: Record<string, string>): Promise<string> {
    const { token_endpoint: tokenEndpoint } = await this.discovery();
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', ...params }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    const idToken =
      typeof body === 'object' && body !== null
        ? (body as Record<string, unknown>).id_token
        : undefined;
    if (!response.ok || typeof idToken !== 'string') {
      throw new OAuthFailure(
        'provider_error',
        'The sign-in provider refused the authorization code. Please try again.',
      );
    }
    return idToken;
  }

  /** Checks signature (issuer's JWKS, asymmetric algorithms only), issuer, audience, expiry and nonce. */
  async verifyIdToken(idToken: string, audience: string, nonce: string): Promise<JWTPayload> {
    const discovery = await this.discovery();
    this.jwks ??= createRemoteJWKSet(new URL(discovery.jwks_uri), {
      timeoutDuration: HTTP_TIMEOUT_MS,
    });
    try {
      const { payload } = await jwtVerify(idToken, this.jwks, {
        issuer: discovery.issuer,
        audience,
        algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.nonce !== nonce)
        throw new OAuthFailure(
          'invalid_token',
          'The sign-in response did not match this sign-in attempt. Please try again.',
        );
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError)
        throw new OAuthFailure(
          'invalid_token',
          'The sign-in provider sent an invalid identity token. Please try again.',
        );
      throw error;
    }
  }

  private async fetchDiscovery(): Promise<OidcDiscovery> {
    const url = `${this.issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isDiscovery(body))
      throw new OAuthFailure(
        'provider_error',
        'The sign-in provider is not reachable right now. Please try again later.',
      );
    return body;
  }
}
