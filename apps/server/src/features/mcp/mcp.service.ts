import { randomUUID } from 'node:crypto';
import {
  MCP_LIMITS,
  McpToolPolicy,
  type CreateUserMcpServerRequest,
  type GetMcpPromptRequest,
  type McpComposerText,
  type McpHealth,
  type McpServerView,
  type McpServersResponse,
  type UpdateUserMcpServerRequest,
} from '@parallax/contract';
import type { McpStdioServerConfig } from '../../config';
import { ownerKey, type ChatOwner } from '../../infra/auth/chat-owner';
import { AppError } from '../../infra/errors';
import type { LimitsService } from '../limits';
import { McpAdminServers, type McpAdminServersOptions } from './mcp-admin-servers';
import { promptComposerText, resourceComposerText } from './mcp-composer-text';
import { reasonOf } from './mcp-connection';
import type { McpConnections } from './mcp-connections';
import { authOrNone, checkNameFree, NOT_FOUND, refusalAsInvalid } from './mcp-server-input';
import type { McpServerSpec } from './mcp-server-spec';
import { serverView } from './mcp-server-view';
import { sealAuth, specOfConfig, specOfRow } from './mcp-specs';
import { checkUserServerUrl } from './mcp-user-route';
import type { McpRepository, McpServerRow } from './mcp.repository';
import type { McpOAuth } from './mcp-oauth';

export interface McpServiceOptions extends McpAdminServersOptions {
  stdioServers: readonly McpStdioServerConfig[];
  limits: Pick<LimitsService, 'rulesFor'>;
}

/** A server's failure as the caller sees it: its safe reason, never its stack. */
function unavailable(error: unknown): never {
  throw new AppError('service_unavailable', reasonOf(error));
}

/** AI management → MCP, Settings → Tools, and the servers a turn may use. */
export class McpService {
  readonly #config: McpServerSpec[];
  /** AI management → MCP: the admin's servers, the plans' allowance, private URLs. */
  readonly admin: McpAdminServers;

  constructor(
    private readonly repository: McpRepository,
    readonly connections: McpConnections,
    readonly oauth: McpOAuth,
    private readonly options: McpServiceOptions,
  ) {
    this.#config = options.stdioServers.map(specOfConfig);
    this.admin = new McpAdminServers(
      repository,
      connections,
      this.#config,
      options,
      (spec, own, connect) => this.view(spec, own, connect),
    );
  }

  /** Every server the owner may use: config, enabled admin ones, and a user's own. */
  async specsFor(owner: ChatOwner): Promise<McpServerSpec[]> {
    if (owner.kind !== 'user') return [];
    const rows = await this.repository.servers(owner.id);
    return [
      ...this.#config,
      ...rows.map((row) => specOfRow(this.options.box, row, owner.id)).filter((s) => s.enabled),
    ];
  }

  async userServersAllowed(owner: ChatOwner): Promise<boolean> {
    if (owner.kind !== 'user') return false;
    const [rules, access] = await Promise.all([
      this.options.limits.rulesFor(owner),
      this.repository.planAccess(),
    ]);
    return access.get(rules.planId) ?? false;
  }

  async ownPolicies(owner: ChatOwner): Promise<Map<string, Map<string, McpToolPolicy>>> {
    const rows = await this.repository.policies(ownerKey(owner));
    const out = new Map<string, Map<string, McpToolPolicy>>();
    for (const row of rows) {
      const policy = McpToolPolicy.safeParse(row.policy);
      if (!policy.success) continue;
      const server = out.get(row.server_id) ?? new Map<string, McpToolPolicy>();
      server.set(row.tool_name, policy.data);
      out.set(row.server_id, server);
    }
    return out;
  }

  /** A server as a user sees it; connects first when `connect` (a listing wants tools). */
  async view(
    spec: McpServerSpec,
    own: ReadonlyMap<string, McpToolPolicy>,
    connect: boolean,
  ): Promise<McpServerView> {
    const connection = connect ? this.connections.for(spec) : this.connections.peek(spec);
    if (connect) await connection?.refresh();
    const listing = connection?.listing ?? {
      tools: [],
      prompts: [],
      resources: [],
      instructions: null,
    };
    const signedIn = spec.oauth !== null && (await this.oauth.signedIn(spec));
    const health: McpHealth = connection?.health ?? {
      state: 'idle',
      reason: null,
      since: null,
      retry_at: null,
    };
    return serverView(spec, { listing, health, signedIn }, own);
  }

  async list(owner: ChatOwner): Promise<McpServersResponse> {
    const [specs, policies, allowed] = await Promise.all([
      this.specsFor(owner),
      this.ownPolicies(owner),
      this.userServersAllowed(owner),
    ]);
    const servers = await Promise.all(
      specs.map((spec) => this.view(spec, policies.get(spec.id) ?? new Map(), true)),
    );
    return { servers, user_servers_allowed: allowed };
  }

  /** A server the owner may see (404 otherwise, another owner's included). */
  async visible(owner: ChatOwner, id: string): Promise<McpServerSpec> {
    const spec = (await this.specsFor(owner)).find((s) => s.id === id);
    if (!spec) throw new AppError('not_found', NOT_FOUND);
    return spec;
  }

  async one(owner: ChatOwner, id: string, refresh = false): Promise<McpServerView> {
    const spec = await this.visible(owner, id);
    if (refresh) await this.connections.for(spec).refresh(true);
    const policies = await this.ownPolicies(owner);
    return this.view(spec, policies.get(spec.id) ?? new Map(), true);
  }

  /** A user's URL, under the admin's allowance as it is now. */
  async #checkUserUrl(raw: string): Promise<string> {
    const allowPrivate = await this.repository.userServersPrivate();
    return refusalAsInvalid(checkUserServerUrl(raw, allowPrivate, this.options.resolve));
  }

  /** A prompt the server lists, filled in, as the composer's text (prompts/get). */
  async promptText(
    owner: ChatOwner,
    id: string,
    input: GetMcpPromptRequest,
  ): Promise<McpComposerText> {
    const spec = await this.visible(owner, id);
    const connection = this.connections.for(spec);
    await connection.refresh();
    if (!connection.listing.prompts.some((p) => p.name === input.name))
      throw new AppError('validation_error', 'name: this server lists no such prompt');
    const result = await connection.getPrompt(input.name, input.arguments ?? {}).catch(unavailable);
    return promptComposerText(result);
  }

  /** A resource the server lists, framed as untrusted context for the composer (resources/read). */
  async resourceText(owner: ChatOwner, id: string, uri: string): Promise<McpComposerText> {
    const spec = await this.visible(owner, id);
    const connection = this.connections.for(spec);
    await connection.refresh();
    if (!connection.listing.resources.some((r) => r.uri === uri))
      throw new AppError('validation_error', 'uri: this server lists no such resource');
    const result = await connection.readResource(uri).catch(unavailable);
    return resourceComposerText(spec, uri, result);
  }

  // ── Users' own servers (Settings → Tools) ────────────────────────────────────────────

  async createOwn(owner: ChatOwner, input: CreateUserMcpServerRequest): Promise<McpServerView> {
    if (owner.kind !== 'user' || !(await this.userServersAllowed(owner)))
      throw new AppError('forbidden', 'Your plan does not include adding MCP servers.');
    const auth = authOrNone(input);
    const url = await this.#checkUserUrl(input.url);
    if ((await this.repository.countOwned(owner.id)) >= MCP_LIMITS.userServersMax)
      throw new AppError(
        'validation_error',
        `You can add at most ${MCP_LIMITS.userServersMax} MCP servers.`,
      );
    await checkNameFree(this.#config, this.repository, input.name, owner.id);
    const id = randomUUID();
    const now = new Date().toISOString();
    await this.repository.insert({
      id,
      scope: 'user',
      owner_user_id: owner.id,
      name: input.name,
      title: input.title ?? input.name,
      url,
      transport: 'streamable_http',
      ...sealAuth(this.options.box, id, auth),
      enabled: 1,
      policies: '{}',
      created_at: now,
      updated_at: now,
    });
    return this.one(owner, id);
  }

  async #ownRow(owner: ChatOwner, id: string): Promise<McpServerRow> {
    const row = await this.repository.server(id);
    if (!row || owner.kind !== 'user' || row.owner_user_id !== owner.id)
      throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  async updateOwn(
    owner: ChatOwner,
    id: string,
    input: UpdateUserMcpServerRequest,
  ): Promise<McpServerView> {
    await this.#ownRow(owner, id);
    const url = input.url === undefined ? undefined : await this.#checkUserUrl(input.url);
    await this.repository.update(id, {
      ...(input.title !== undefined && { title: input.title }),
      ...(url !== undefined && { url }),
      ...(input.auth !== undefined && sealAuth(this.options.box, id, input.auth)),
      updated_at: new Date().toISOString(),
    });
    await this.connections.drop(id);
    return this.one(owner, id);
  }

  async deleteOwn(owner: ChatOwner, id: string): Promise<void> {
    await this.#ownRow(owner, id);
    await this.repository.delete(id);
    await this.connections.drop(id);
  }

  async setOwnPolicies(
    owner: ChatOwner,
    id: string,
    policies: Record<string, McpToolPolicy | null>,
  ): Promise<McpServerView> {
    const spec = await this.visible(owner, id);
    const key = ownerKey(owner);
    for (const [tool, policy] of Object.entries(policies))
      await this.repository.setPolicy(key, spec.id, tool, policy);
    return this.one(owner, id);
  }

  /** "Always" on an approval: the owner's policy for that tool becomes always_allow. */
  async allowAlways(owner: ChatOwner, serverId: string, tool: string): Promise<void> {
    if (serverId.length === 0) return;
    await this.repository.setPolicy(ownerKey(owner), serverId, tool, 'always_allow');
  }

  /** The authorization page for the caller's own account on an OAuth server. */
  async startOAuth(owner: ChatOwner, id: string, returnTo: string): Promise<string> {
    const spec = await this.visible(owner, id);
    if (spec.oauth === null)
      throw new AppError('validation_error', 'This server does not use sign-in.');
    return this.oauth.start(spec, returnTo);
  }

  /** The provider sent the browser back: where to send it on (with ?mcp_oauth=ok|error). */
  async finishOAuth(query: {
    code?: string | undefined;
    state?: string | undefined;
  }): Promise<string> {
    const done = await this.oauth.finish(query, async (serverId, userId) => {
      const row = await this.repository.server(serverId);
      if (!row || (row.scope === 'user' && row.owner_user_id !== userId)) return null;
      return specOfRow(this.options.box, row, userId);
    });
    if (done.spec) await this.connections.drop(done.spec.id);
    return done.redirect;
  }

  async signOut(owner: ChatOwner, id: string): Promise<void> {
    const spec = await this.visible(owner, id);
    if (spec.oauth === null) return;
    await this.oauth.signOut(spec);
    await this.connections.drop(id);
  }
}
