import { readFile } from 'node:fs/promises';
import { parseJson, type Provider } from '@parallax/contract';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { OutboundResponse, OutboundRoute } from '../infra/outbound/outbound-client';
import { OutboundRefused } from '../infra/outbound/outbound-refused';
import { ProviderError } from './provider-error';

const PROVIDER: Provider = 'google';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const ASSERTION_LIFETIME_S = 3_600;
const TOKEN_REQUEST_TIMEOUT_MS = 10_000;
/** A token this close to its expiry is replaced before use, so a request never carries a dying one. */
const REFRESH_MARGIN_MS = 5 * 60_000;

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

/** Where the service-account key comes from: a file path (the env) or the JSON itself (the console). */
export type ServiceAccountSource = { file: string } | { json: string };

export async function readServiceAccountKey(
  source: ServiceAccountSource,
): Promise<ServiceAccountKey> {
  if ('json' in source) return parseServiceAccountKey(source.json, "the console's Vertex key");
  let raw: string;
  try {
    raw = await readFile(source.file, 'utf8');
  } catch {
    throw new ProviderError('auth', {
      provider: PROVIDER,
      upstreamMessage: `GOOGLE_APPLICATION_CREDENTIALS: cannot read ${source.file}`,
    });
  }
  return parseServiceAccountKey(raw, `GOOGLE_APPLICATION_CREDENTIALS: ${source.file}`);
}

function parseServiceAccountKey(raw: string, origin: string): ServiceAccountKey {
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
      upstreamMessage: `${origin} is not a service-account JSON key`,
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
  route: OutboundRoute,
): Promise<{ access_token: string; expiry_date: number }> {
  const tokenUri = key.token_uri ?? DEFAULT_TOKEN_URI;
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: CLOUD_PLATFORM_SCOPE })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(key.private_key_id ? { kid: key.private_key_id } : {}),
    })
    .setIssuer(key.client_email)
    .setAudience(tokenUri)
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_LIFETIME_S)
    .sign(await importPKCS8(key.private_key, 'RS256'));

  let response: OutboundResponse;
  try {
    response = await route.fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError('service_unavailable', {
      provider: PROVIDER,
      upstreamMessage: `token endpoint ${tokenUri} unreachable`,
      // The admin sees why (connection test): the address is ours to refuse, not a fault.
      ...(error instanceof OutboundRefused && { refusal: `token_uri: ${error.message}` }),
    });
  }
  // The body may echo the assertion; only the status is kept.
  const token = TokenResponse.safeParse(parseJson(response.text));
  const ok = response.status >= 200 && response.status < 300;
  if (!ok || !token.success) {
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
 * A function giving a current Vertex access token: exchanged on first use, reused until shortly
 * before it expires, one exchange at a time however many requests ask at once. A failed
 * exchange (or an unreadable key file) is not remembered: the next request tries again.
 */
export function createVertexAccessToken(
  source: ServiceAccountSource,
  route: OutboundRoute,
): () => Promise<string> {
  let current: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const exchange = async (): Promise<string> => {
    const { access_token, expiry_date } = await exchangeServiceAccountToken(
      await readServiceAccountKey(source),
      route,
    );
    current = { token: access_token, expiresAt: expiry_date };
    return access_token;
  };
  return () => {
    if (current && current.expiresAt - REFRESH_MARGIN_MS > Date.now())
      return Promise.resolve(current.token);
    pending ??= exchange().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
