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
  return { auth_kind: auth.kind, auth_sealed: null, auth_hint: null };
}

function headersOf(box: SecretBox, row: McpServerRow): Record<string, string> {
  if (row.auth_sealed === null) return {};
  const opened = box.open(row.auth_sealed, authContext(row.id));
  if (opened === undefined) return {};
  const secrets = Secrets.safeParse(JSON.parse(opened));
  if (!secrets.success) return {};
  if (secrets.data.token !== undefined) return { authorization: `Bearer ${secrets.data.token}` };
  return secrets.data.headers ?? {};
}

export function policiesOf(json: string): Record<string, McpToolPolicy> {
  try {
    const parsed = Policies.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function specOfRow(box: SecretBox, row: McpServerRow): McpServerSpec {
  const auth = McpAuthKind.safeParse(row.auth_kind);
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
    headers: headersOf(box, row),
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
    policies: {},
    enabled: true,
    version: createHash('sha256').update(JSON.stringify(server)).digest('base64url'),
  };
}
