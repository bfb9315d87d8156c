import { createHash } from 'node:crypto';
import {
  McpAuthKind,
  McpToolPolicy,
  type McpAuthInput,
  type McpServerScope,
} from '@parallax/contract';
import { z } from 'zod';
import type { McpStdioServerConfig } from '../../config';
import type { SecretBox } from '../../infra/secret-box';
import type { McpServerSpec } from './mcp-server-spec';
import type { McpServerRow } from './mcp.repository';

/** Config servers' ids: stable across processes and restarts, never a stored row's. */
export const CONFIG_ID_PREFIX = 'config-';

const Policies = z.record(z.string(), McpToolPolicy);
const Secrets = z.object({
  token: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
});

function authContext(id: string): string {
  return `mcp.auth.${id}`;
}

/** The secrets of an auth input, sealed for the row, and the hint shown beside it. */
export function sealAuth(
  box: SecretBox,
  id: string,
  auth: McpAuthInput,
): { auth_kind: string; auth_sealed: string | null; auth_hint: string | null } {
  if (auth.kind === 'bearer')
    return {
      auth_kind: 'bearer',
      auth_sealed: box.seal(JSON.stringify({ token: auth.token }), authContext(id)),
      auth_hint: `…${auth.token.slice(-4)}`,
    };
  if (auth.kind === 'headers')
    return {
      auth_kind: 'headers',
      auth_sealed: box.seal(JSON.stringify({ headers: auth.headers }), authContext(id)),
      auth_hint: Object.keys(auth.headers).join(', ') || null,
    };
  if (auth.kind === 'oauth' && (auth.client_id || auth.client_secret || auth.scope))
    return {
      auth_kind: 'oauth',
      auth_sealed: box.seal(
        JSON.stringify({
          client_id: auth.client_id,
          client_secret: auth.client_secret,
          scope: auth.scope,
        }),
        authContext(id),
      ),
      auth_hint: auth.client_id ?? null,
    };
  return { auth_kind: auth.kind, auth_sealed: null, auth_hint: null };
}

function secretsOf(box: SecretBox, row: McpServerRow): z.infer<typeof Secrets> {
  if (row.auth_sealed === null) return {};
  const opened = box.open(row.auth_sealed, authContext(row.id));
  if (opened === undefined) return {};
  const secrets = Secrets.safeParse(JSON.parse(opened));
  return secrets.success ? secrets.data : {};
}

function headersOf(secrets: z.infer<typeof Secrets>): Record<string, string> {
  if (secrets.token !== undefined) return { authorization: `Bearer ${secrets.token}` };
  return secrets.headers ?? {};
}

export function policiesOf(json: string): Record<string, McpToolPolicy> {
  try {
    const parsed = Policies.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The server as `userId` uses it (OAuth servers connect with that user's own tokens). */
export function specOfRow(box: SecretBox, row: McpServerRow, userId: string | null): McpServerSpec {
  const auth = McpAuthKind.safeParse(row.auth_kind);
  const secrets = secretsOf(box, row);
  const oauth =
    row.auth_kind === 'oauth' && userId !== null
      ? {
          userId,
          clientId: secrets.client_id,
          clientSecret: secrets.client_secret,
          scope: secrets.scope,
        }
      : null;
  return {
    id: row.id,
    scope: (row.scope === 'user' ? 'user' : 'admin') satisfies McpServerScope,
    name: row.name,
    title: row.title,
    ownerUserId: row.owner_user_id,
    transport: row.transport === 'sse' ? 'sse' : 'streamable_http',
    url: row.url,
    stdio: null,
    auth: auth.success ? auth.data : 'none',
    headers: row.auth_kind === 'oauth' ? {} : headersOf(secrets),
    oauth,
    connectionKey: oauth === null ? row.id : `${row.id}:${oauth.userId}`,
    policies: policiesOf(row.policies),
    enabled: Number(row.enabled) === 1,
    version: createHash('sha256')
      .update(`${row.updated_at}|${row.url}|${row.transport}|${row.auth_sealed ?? ''}`)
      .digest('base64url'),
  };
}

export function specOfConfig(server: McpStdioServerConfig): McpServerSpec {
  return {
    id: `${CONFIG_ID_PREFIX}${server.name}`,
    scope: 'config',
    name: server.name,
    title: server.title ?? server.name,
    ownerUserId: null,
    transport: 'stdio',
    url: null,
    stdio: { command: server.command, args: server.args, env: server.env },
    auth: 'none',
    headers: {},
    oauth: null,
    connectionKey: `${CONFIG_ID_PREFIX}${server.name}`,
    policies: {},
    enabled: true,
    version: createHash('sha256').update(JSON.stringify(server)).digest('base64url'),
  };
}
