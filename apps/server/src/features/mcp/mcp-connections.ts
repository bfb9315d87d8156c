import type { OutboundRoute } from '../../infra/outbound/outbound-client';
import { McpConnection } from './mcp-connection';
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

  constructor(private readonly routes: McpRoutes) {}

  for(spec: McpServerSpec): McpConnection {
    const known = this.#byId.get(spec.id);
    if (known && known.spec.version === spec.version) return known;
    void known?.close();
    const connection = new McpConnection(
      spec,
      spec.scope === 'user' ? this.routes.user : this.routes.admin,
    );
    this.#byId.set(spec.id, connection);
    return connection;
  }

  /** The connection if one was made (health for listings without connecting). */
  peek(spec: McpServerSpec): McpConnection | undefined {
    const known = this.#byId.get(spec.id);
    return known && known.spec.version === spec.version ? known : undefined;
  }

  async drop(id: string): Promise<void> {
    const known = this.#byId.get(id);
    this.#byId.delete(id);
    await known?.close();
  }

  async closeAll(): Promise<void> {
    const all = [...this.#byId.values()];
    this.#byId.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}
