import type { McpAuthKind, McpServerScope, McpToolPolicy, McpTransport } from '@parallax/contract';
import type { McpOAuthClientConfig } from './mcp-oauth-provider';

/** How a stdio server is started (MCP_STDIO_SERVERS only: a command line is code execution). */
export interface StdioCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** One server as the connection manager needs it: where it is and how to authenticate. */
export interface McpServerSpec {
  id: string;
  scope: McpServerScope;
  name: string;
  title: string;
  /** A user server's owner; null for admin and config servers. */
  ownerUserId: string | null;
  transport: McpTransport;
  /** The endpoint; null for stdio. */
  url: string | null;
  stdio: StdioCommand | null;
  auth: McpAuthKind;
  /** Sent with every request (bearer tokens become `Authorization`). Secret. */
  headers: Record<string, string>;
  /** The admin's policy per tool (the server's own tool names). */
  policies: Record<string, McpToolPolicy>;
  enabled: boolean;
  /**
   * OAuth servers: whose account the connection uses (each user signs in on their own), and
   * the admin's client when the server offers no dynamic registration. Null: not OAuth, or
   * no user (the admin's view).
   */
  oauth: (McpOAuthClientConfig & { userId: string }) | null;
  /** One connection per key: the server's id, and the user's too for OAuth servers. */
  connectionKey: string;
  /** Changes whenever anything above changes: a connection built from an older one is replaced. */
  version: string;
}
