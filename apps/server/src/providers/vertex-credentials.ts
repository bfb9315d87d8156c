import { readFile } from 'node:fs/promises';
import type { Provider } from '@parallax/contract';
import { OAuth2Client } from 'google-auth-library';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { ProviderError } from './provider-error';

const PROVIDER: Provider = 'google';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const ASSERTION_LIFETIME_S = 3_600;
const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

/** The fields of a Google service-account JSON key file we use. */
const ServiceAccountKey = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  // Part of every key file Google issues; tests point it at a local token endpoint.
  token_uri: z.url().optional(),
});
export type ServiceAccountKey = z.infer<typeof ServiceAccountKey>;

const TokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});

export async function readServiceAccountKey(file: string): Promise<ServiceAccountKey> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new ProviderError('auth', {
      provider: PROVIDER,
      upstreamMessage: `GOOGLE_APPLICATION_CREDENTIALS: cannot read ${file}`,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const parsed = ServiceAccountKey.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError('auth', {
      provider: PROVIDER,
      upstreamMessage: `GOOGLE_APPLICATION_CREDENTIALS: ${file} is not a service-account JSON key`,
    });
  }
  return parsed.data;
}

/**
 * OAuth 2.0 JWT-bearer exchange (RFC 7523) as Google documents it for service accounts: a
 * signed assertion goes to the key's token_uri, an access token comes back.
 */
export async function exchangeServiceAccountToken(
  key: ServiceAccountKey,
): Promise<{ access_token: string; expiry_date: number }> {
  const tokenUri = key.token_uri ?? DEFAULT_TOKEN_URI;
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: CLOUD_PLATFORM_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(key.private_key_id ? { kid: key.private_key_id } : {}) })
    .setIssuer(key.client_email)
    .setAudience(tokenUri)
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_LIFETIME_S)
    .sign(await importPKCS8(key.private_key, 'RS256'));

  let response: Response;
  try {
    response = await fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ProviderError('service_unavailable', {
      provider: PROVIDER,
      upstreamMessage: `token endpoint ${tokenUri} unreachable`,
    });
  }
  // The body may echo the assertion; only the status is kept.
  const body: unknown = await response.json().catch(() => undefined);
  const token = TokenResponse.safeParse(body);
  if (!response.ok || !token.success) {
    throw new ProviderError(response.status >= 500 ? 'service_unavailable' : 'auth', {
      provider: PROVIDER,
      upstreamStatus: response.status,
      upstreamMessage: `token endpoint ${tokenUri} refused the service-account assertion`,
    });
  }
  return {
    access_token: token.data.access_token,
    expiry_date: Date.now() + (token.data.expires_in ?? ASSERTION_LIFETIME_S) * 1000,
  };
}

/**
 * An auth client for @ai-sdk/google-vertex that gets its tokens from our exchange (the
 * library's own path hard-codes Google's token URL). google-auth-library caches the token and
 * calls us again shortly before it expires.
 */
export function createVertexAuthClient(credentialsFile: string): OAuth2Client {
  const client = new OAuth2Client();
  let key: Promise<ServiceAccountKey> | undefined;
  client.refreshHandler = async () => {
    key ??= readServiceAccountKey(credentialsFile).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return exchangeServiceAccountToken(await key);
  };
  return client;
}
