import type { IsoTimestamp } from './conventions';

/** Migration 0410: an admin's or a user's MCP server (config servers live in env, not here). */
export interface McpServersTable {
  id: string;
  /** 'admin' | 'user'. */
  scope: string;
  /** A user server's owner; null for admin servers. */
  owner_user_id: string | null;
  name: string;
  title: string;
  url: string;
  /** 'streamable_http' | 'sse'. */
  transport: string;
  /** 'none' | 'bearer' | 'headers' | 'oauth'. */
  auth_kind: string;
  /** The secrets as JSON, sealed (SecretBox, context `mcp.auth.<id>`). */
  auth_sealed: string | null;
  auth_hint: string | null;
  enabled: number;
  /** JSON: tool name → the admin's policy. */
  policies: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Migration 0410: an owner's own policy for one tool of one server. */
export interface McpToolPoliciesTable {
  owner_key: string;
  server_id: string;
  tool_name: string;
  policy: string;
  updated_at: IsoTimestamp;
}

/** Migration 0410: whether a plan's users may add servers (no row: no). */
/** One row (id 'global'): AI management → MCP settings. */
export interface McpSettingsTable {
  id: string;
  /** 1: users' servers may be on private and loopback addresses. */
  user_servers_private: number;
  updated_at: IsoTimestamp;
}

export interface McpPlanAccessTable {
  plan_id: string;
  user_servers: number;
  updated_at: IsoTimestamp;
}

/** Migration 0410: a call that asked for approval, and the answer. */
export interface McpApprovalsTable {
  message_id: string;
  call_id: string;
  owner_key: string;
  conversation_id: string | null;
  server_id: string;
  tool_name: string;
  /** 'waiting' | 'allow' | 'deny' | 'always' | 'expired'. */
  status: string;
  expires_at: IsoTimestamp;
  created_at: IsoTimestamp;
}

/** Migration 0411: a server's OAuth client (dynamically registered), sealed JSON. */
export interface McpOAuthClientsTable {
  server_id: string;
  client_sealed: string;
  updated_at: IsoTimestamp;
}

/** Migration 0411: a user's OAuth tokens for a server, sealed JSON. */
export interface McpOAuthTokensTable {
  user_id: string;
  server_id: string;
  tokens_sealed: string;
  updated_at: IsoTimestamp;
}

/** Migration 0411: a sign-in under way (the `state` the provider sends back). */
export interface McpOAuthStatesTable {
  state: string;
  user_id: string;
  server_id: string;
  verifier_sealed: string | null;
  return_to: string;
  expires_at: IsoTimestamp;
}
