import { randomUUID } from 'node:crypto';
import {
  MCP_LIMITS,
  McpToolPolicy,
  type AdminMcpResponse,
  type AdminMcpServer,
  type CreateAdminMcpServerRequest,
  type CreateUserMcpServerRequest,
  type GetMcpPromptRequest,
  type McpComposerText,
  type McpAuthInput,
  type McpServerView,
  type McpServersResponse,
  type Plan,
  type UpdateAdminMcpServerRequest,
  type UpdateUserMcpServerRequest,
} from '@parallax/contract';
import type { McpStdioServerConfig } from '../../config';
import { ownerKey, type ChatOwner } from '../../infra/auth/chat-owner';
import { AppError } from '../../infra/errors';
import type { SecretBox } from '../../infra/secret-box';
import { BaseUrlRefused, checkProviderBaseUrl, type Resolve } from '../../providers/base-url-guard';
import type { LimitsService } from '../limits';
import { promptComposerText, resourceComposerText } from './mcp-composer-text';
import { reasonOf } from './mcp-connection';
import type { McpConnections } from './mcp-connections';
import type { McpServerSpec } from './mcp-server-spec';
import { sealAuth, specOfConfig, specOfRow } from './mcp-specs';
import { checkUserServerUrl } from './mcp-user-route';
import type { McpRepository, McpServerRow } from './mcp.repository';
import type { McpOAuth } from './mcp-oauth';
import { qualifyToolNames } from './tool-names';
import { policyFor } from './tool-policy';

export interface McpServiceOptions {
  box: SecretBox;
  /** ALLOW_PRIVATE_PROVIDER_URLS: admin servers may be on private addresses; user ones never. */
  allowPrivateUrls: boolean;
  resolve?: Resolve | undefined;
  stdioServers: readonly McpStdioServerConfig[];
  plans: () => Promise<Plan[]>;
  limits: Pick<LimitsService, 'rulesFor'>;
}

const NOT_FOUND = 'MCP server not found.';

/** A server's failure as the caller sees it: its safe reason, never its stack. */
function unavailable(error: unknown): never {
  throw new AppError('service_unavailable', reasonOf(error));
}

function createBody(input: { auth?: McpAuthInput | undefined }): McpAuthInput {
  return input.auth ?? { kind: 'none' };
}

/** AI management → MCP, Settings → Tools, and the servers a turn may use. */
export class McpService {
  readonly #config: McpServerSpec[];

  constructor(
    private readonly repository: McpRepository,
    readonly connections: McpConnections,
    readonly oauth: McpOAuth,
    private readonly options: McpServiceOptions,
  ) {
    this.#config = options.stdioServers.map(specOfConfig);
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
    const names = qualifyToolNames(
      spec.name,
      listing.tools.map((t) => t.name),
    );
    const qualified = new Map([...names].map(([q, own]) => [own, q]));
    return {
      id: spec.id,
      name: spec.name,
      title: spec.title,
      scope: spec.scope,
      transport: spec.transport,
      url: spec.scope === 'user' ? spec.url : null,
      auth: spec.auth,
      signed_in: spec.oauth !== null && (await this.oauth.signedIn(spec)),
      description: listing.instructions,
      health: connection?.health ?? { state: 'idle', reason: null, since: null, retry_at: null },
      tools: listing.tools.flatMap((tool) => {
        const name = qualified.get(tool.name);
        if (name === undefined) return [];
        const choice = policyFor(tool, spec.policies, own);
        return [
          {
            name: tool.name,
            qualified_name: name,
            title: tool.title ?? tool.annotations?.title ?? null,
            description: (tool.description ?? '').slice(0, MCP_LIMITS.descriptionChars),
            input_schema: tool.inputSchema as Record<string, unknown>,
            read_only: tool.annotations?.readOnlyHint ?? null,
            destructive: tool.annotations?.destructiveHint ?? null,
            policy: choice.policy,
            policy_source: choice.source,
          },
        ];
      }),
      prompts: listing.prompts.map((p) => ({
        name: p.name,
        title: p.title ?? null,
        description: p.description ?? null,
        arguments: (p.arguments ?? []).map((a) => ({
          name: a.name,
          description: a.description ?? null,
          required: a.required ?? false,
        })),
      })),
      resources: listing.resources.map((r) => ({
        uri: r.uri,
        name: r.name,
        title: r.title ?? null,
        description: r.description ?? null,
        mime_type: r.mimeType ?? null,
      })),
    };
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

  async #checkUrl(raw: string, allowPrivate: boolean): Promise<string> {
    try {
      return await checkProviderBaseUrl(raw, allowPrivate, this.options.resolve, 'url');
    } catch (error) {
      if (error instanceof BaseUrlRefused) throw new AppError('validation_error', error.message);
      throw error;
    }
  }

  /** A user's URL, under the admin's allowance as it is now. */
  async #checkUserUrl(raw: string): Promise<string> {
    const allowPrivate = await this.repository.userServersPrivate();
    try {
      return await checkUserServerUrl(raw, allowPrivate, this.options.resolve);
    } catch (error) {
      if (error instanceof BaseUrlRefused) throw new AppError('validation_error', error.message);
      throw error;
    }
  }

  async #nameFree(name: string, userId: string | null): Promise<void> {
    const taken =
      this.#config.some((s) => s.name === name) ||
      (await this.repository.servers(userId)).some((row) => row.name === name);
    if (taken) throw new AppError('conflict', 'name: a server with this name exists');
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
    const auth = createBody(input);
    const url = await this.#checkUserUrl(input.url);
    if ((await this.repository.countOwned(owner.id)) >= MCP_LIMITS.userServersMax)
      throw new AppError(
        'validation_error',
        `You can add at most ${MCP_LIMITS.userServersMax} MCP servers.`,
      );
    await this.#nameFree(input.name, owner.id);
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

  // ── Admin (AI management → MCP) ────────────────────────────────────────────────────────

  async #adminView(spec: McpServerSpec, row: McpServerRow | null): Promise<AdminMcpServer> {
    const view = await this.view(spec, new Map(), spec.enabled);
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

  async adminList(): Promise<AdminMcpResponse> {
    const [rows, plans, access] = await Promise.all([
      this.repository.servers(null),
      this.options.plans(),
      this.repository.planAccess(),
    ]);
    const servers = await Promise.all([
      ...this.#config.map((spec) => this.#adminView(spec, null)),
      ...rows.map((row) => this.#adminView(specOfRow(this.options.box, row, null), row)),
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

  async #adminRow(id: string): Promise<McpServerRow> {
    const row = await this.repository.server(id);
    if (!row || row.scope !== 'admin') throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  async adminOne(id: string): Promise<AdminMcpServer> {
    const config = this.#config.find((s) => s.id === id);
    if (config) return this.#adminView(config, null);
    const row = await this.#adminRow(id);
    return this.#adminView(specOfRow(this.options.box, row, null), row);
  }

  async adminCreate(input: CreateAdminMcpServerRequest): Promise<AdminMcpServer> {
    const auth = createBody(input);
    const url = await this.#checkUrl(input.url, this.options.allowPrivateUrls);
    await this.#nameFree(input.name, null);
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
    return this.adminOne(id);
  }

  async adminUpdate(id: string, input: UpdateAdminMcpServerRequest): Promise<AdminMcpServer> {
    const row = await this.#adminRow(id);
    const url =
      input.url === undefined
        ? undefined
        : await this.#checkUrl(input.url, this.options.allowPrivateUrls);
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
    return this.adminOne(id);
  }

  async adminDelete(id: string): Promise<void> {
    await this.#adminRow(id);
    await this.repository.delete(id);
    await this.connections.drop(id);
  }

  async adminRefresh(id: string): Promise<AdminMcpServer> {
    const config = this.#config.find((s) => s.id === id);
    const spec = config ?? specOfRow(this.options.box, await this.#adminRow(id), null);
    await this.connections.for(spec).refresh(true);
    return this.adminOne(id);
  }

  /**
   * The allowance for users' servers at private addresses. Turned off, this process's user
   * connections close at once; other processes' fail at their next request (the route asks).
   */
  async setUserServersPrivate(allowed: boolean): Promise<AdminMcpResponse> {
    await this.repository.setUserServersPrivate(allowed);
    if (!allowed) await this.connections.dropScope('user');
    return this.adminList();
  }

  async setPlans(
    plans: ReadonlyArray<{ plan_id: string; user_servers: boolean }>,
  ): Promise<AdminMcpResponse> {
    const known = new Set((await this.options.plans()).map((p) => p.id));
    const unknown = plans.findIndex((p) => !known.has(p.plan_id));
    if (unknown !== -1)
      throw new AppError('validation_error', `plans[${unknown}].plan_id: no such plan`);
    await this.repository.setPlanAccess(plans);
    return this.adminList();
  }
}
