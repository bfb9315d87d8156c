import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OutboundRoute } from '../../infra/outbound/outbound-client';
import { DEFAULT_BACKOFF, McpConnection, type McpBackoff } from './mcp-connection';
import type { McpServerSpec } from './mcp-server-spec';

/** Routes by trust: admin and config servers as the admin's URLs, user servers never private. */
export interface McpRoutes {
  admin: OutboundRoute;
  user: OutboundRoute;
}

/**
 * The connections this process keeps, one per server, opened lazily and replaced when the
 * server's settings change (another process's edit shows as a new version when next read).
 */
export class McpConnections {
  readonly #byId = new Map<string, McpConnection>();

  constructor(
    private readonly routes: McpRoutes,
    /** An OAuth server's client state for the spec's user (tokens sealed in the database). */
    private readonly oauthFor: (spec: McpServerSpec, onRedirect: () => void) => OAuthClientProvider,
    private readonly backoff: McpBackoff = DEFAULT_BACKOFF,
  ) {}

  routeFor(spec: McpServerSpec): OutboundRoute {
    return spec.scope === 'user' ? this.routes.user : this.routes.admin;
  }

  for(spec: McpServerSpec): McpConnection {
    const known = this.#byId.get(spec.connectionKey);
    if (known && known.spec.version === spec.version) return known;
    void known?.close();
    const connection = new McpConnection(
      spec,
      this.routeFor(spec),
      (onRedirect) => this.oauthFor(spec, onRedirect),
      undefined,
      this.backoff,
    );
    this.#byId.set(spec.connectionKey, connection);
    return connection;
  }

  /** The connection if one was made (health for listings without connecting). */
  peek(spec: McpServerSpec): McpConnection | undefined {
    const known = this.#byId.get(spec.connectionKey);
    return known && known.spec.version === spec.version ? known : undefined;
  }

  /** Drops the server's connections (every user's, for an OAuth server). */
  async drop(id: string): Promise<void> {
    const gone = [...this.#byId].filter(([key]) => key === id || key.startsWith(`${id}:`));
    for (const [key] of gone) this.#byId.delete(key);
    await Promise.all(gone.map(([, connection]) => connection.close()));
  }

  /** Drops every connection to servers of one scope (users' when their allowance changes). */
  async dropScope(scope: McpServerSpec['scope']): Promise<void> {
    const gone = [...this.#byId].filter(([, connection]) => connection.spec.scope === scope);
    for (const [key] of gone) this.#byId.delete(key);
    await Promise.all(gone.map(([, connection]) => connection.close()));
  }

  async closeAll(): Promise<void> {
    const all = [...this.#byId.values()];
    this.#byId.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}
