import { randomUUID } from 'node:crypto';
import type {
  AdminMcpResponse,
  AdminMcpServer,
  CreateAdminMcpServerRequest,
  McpServerView,
  McpToolPolicy,
  Plan,
  UpdateAdminMcpServerRequest,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { SecretBox } from '../../infra/secret-box';
import { checkProviderBaseUrl, type Resolve } from '../../providers/base-url-guard';
import type { McpConnections } from './mcp-connections';
import { authOrNone, checkNameFree, NOT_FOUND, refusalAsInvalid } from './mcp-server-input';
import type { McpServerSpec } from './mcp-server-spec';
import { sealAuth, specOfRow } from './mcp-specs';
import type { McpRepository, McpServerRow } from './mcp.repository';

export interface McpAdminServersOptions {
  box: SecretBox;
  /** ALLOW_PRIVATE_PROVIDER_URLS: admin servers may be on private addresses; user ones never. */
  allowPrivateUrls: boolean;
  resolve?: Resolve | undefined;
  plans: () => Promise<Plan[]>;
}

/** The user's view of a server, which the admin's view adds to. */
type McpViewOf = (
  spec: McpServerSpec,
  own: ReadonlyMap<string, McpToolPolicy>,
  connect: boolean,
) => Promise<McpServerView>;

/** AI management → MCP: the admin's servers, the config ones, and who may add their own. */
export class McpAdminServers {
  constructor(
    private readonly repository: McpRepository,
    private readonly connections: McpConnections,
    private readonly config: readonly McpServerSpec[],
    private readonly options: McpAdminServersOptions,
    private readonly viewOf: McpViewOf,
  ) {}

  async #view(spec: McpServerSpec, row: McpServerRow | null): Promise<AdminMcpServer> {
    const view = await this.viewOf(spec, new Map(), spec.enabled);
    const now = new Date(0).toISOString();
    return {
      ...view,
      url: spec.url,
      enabled: spec.enabled,
      auth_hint: row?.auth_hint ?? null,
      policies: spec.policies,
      created_at: row?.created_at ?? now,
      updated_at: row?.updated_at ?? now,
    };
  }

  async list(): Promise<AdminMcpResponse> {
    const [rows, plans, access] = await Promise.all([
      this.repository.servers(null),
      this.options.plans(),
      this.repository.planAccess(),
    ]);
    const servers = await Promise.all([
      ...this.config.map((spec) => this.#view(spec, null)),
      ...rows.map((row) => this.#view(specOfRow(this.options.box, row, null), row)),
    ]);
    return {
      servers,
      plans: plans.map((plan) => ({
        plan_id: plan.id,
        plan_name: plan.name,
        archived: plan.archived,
        user_servers: access.get(plan.id) ?? false,
      })),
      private_urls_allowed: this.options.allowPrivateUrls,
      user_servers_private: await this.repository.userServersPrivate(),
    };
  }

  async #row(id: string): Promise<McpServerRow> {
    const row = await this.repository.server(id);
    if (!row || row.scope !== 'admin') throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  #checkUrl(raw: string): Promise<string> {
    return refusalAsInvalid(
      checkProviderBaseUrl(raw, this.options.allowPrivateUrls, this.options.resolve, 'url'),
    );
  }

  async one(id: string): Promise<AdminMcpServer> {
    const config = this.config.find((s) => s.id === id);
    if (config) return this.#view(config, null);
    const row = await this.#row(id);
    return this.#view(specOfRow(this.options.box, row, null), row);
  }

  async create(input: CreateAdminMcpServerRequest): Promise<AdminMcpServer> {
    const auth = authOrNone(input);
    const url = await this.#checkUrl(input.url);
    await checkNameFree(this.config, this.repository, input.name, null);
    const id = randomUUID();
    const now = new Date().toISOString();
    await this.repository.insert({
      id,
      scope: 'admin',
      owner_user_id: null,
      name: input.name,
      title: input.title ?? input.name,
      url,
      transport: input.transport ?? 'streamable_http',
      ...sealAuth(this.options.box, id, auth),
      enabled: input.enabled === false ? 0 : 1,
      policies: '{}',
      created_at: now,
      updated_at: now,
    });
    return this.one(id);
  }

  async update(id: string, input: UpdateAdminMcpServerRequest): Promise<AdminMcpServer> {
    const row = await this.#row(id);
    const url = input.url === undefined ? undefined : await this.#checkUrl(input.url);
    let policies: string | undefined;
    if (input.policies !== undefined) {
      const next = { ...specOfRow(this.options.box, row, null).policies };
      for (const [tool, policy] of Object.entries(input.policies)) {
        if (policy === null) delete next[tool];
        else next[tool] = policy;
      }
      policies = JSON.stringify(next);
    }
    await this.repository.update(id, {
      ...(input.title !== undefined && { title: input.title }),
      ...(url !== undefined && { url }),
      ...(input.transport !== undefined && { transport: input.transport }),
      ...(input.auth !== undefined && sealAuth(this.options.box, id, input.auth)),
      ...(input.enabled !== undefined && { enabled: input.enabled ? 1 : 0 }),
      ...(policies !== undefined && { policies }),
      updated_at: new Date().toISOString(),
    });
    await this.connections.drop(id);
    return this.one(id);
  }

  async delete(id: string): Promise<void> {
    await this.#row(id);
    await this.repository.delete(id);
    await this.connections.drop(id);
  }

  async refresh(id: string): Promise<AdminMcpServer> {
    const config = this.config.find((s) => s.id === id);
    const spec = config ?? specOfRow(this.options.box, await this.#row(id), null);
    await this.connections.for(spec).refresh(true);
    return this.one(id);
  }

  /**
   * The allowance for users' servers at private addresses. Turned off, this process's user
   * connections close at once; other processes' fail at their next request (the route asks).
   */
  async setUserServersPrivate(allowed: boolean): Promise<AdminMcpResponse> {
    await this.repository.setUserServersPrivate(allowed);
    if (!allowed) await this.connections.dropScope('user');
    return this.list();
  }

  async setPlans(
    plans: ReadonlyArray<{ plan_id: string; user_servers: boolean }>,
  ): Promise<AdminMcpResponse> {
    const known = new Set((await this.options.plans()).map((p) => p.id));
    const unknown = plans.findIndex((p) => !known.has(p.plan_id));
    if (unknown !== -1)
      throw new AppError('validation_error', `plans[${unknown}].plan_id: no such plan`);
    await this.repository.setPlanAccess(plans);
    return this.list();
  }
}
