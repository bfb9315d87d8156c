import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Resolve } from '../../infra/outbound/address-policy';
import { SecretBox } from '../../infra/secret-box';
import { McpApprovals } from './mcp-approvals';
import type { McpBackoff } from './mcp-connection';
import { McpConnections } from './mcp-connections';
import { McpOAuth } from './mcp-oauth';
import { McpOAuthRepository } from './mcp-oauth.repository';
import { McpToolbox } from './mcp-toolbox';
import { McpUserRoutes } from './mcp-user-route';
import { McpRepository } from './mcp.repository';
import { McpService } from './mcp.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** MCP servers: admin, config and users' own; their connections (issue 37). */
    readonly mcp: McpService;
    readonly mcpApprovals: McpApprovals;
    readonly mcpRepository: McpRepository;
    /** The built-in tools and the chat's MCP servers' tools: what a turn's step loop asks. */
    readonly turnTools: McpToolbox;
  }
}

export interface McpPluginOptions {
  resolve?: Resolve | undefined;
  /** Tests only (buildApp's option): shorter reconnection waits than the default 1 s → 5 min. */
  backoff?: McpBackoff | undefined;
}

export const mcpPlugin = fp(async (app, options: McpPluginOptions) => registerMcp(app, options), {
  name: 'mcp',
  dependencies: ['tools', 'limits', 'billing'],
  decorators: { fastify: ['bus'] },
});

function registerMcp(app: FastifyInstance, options: McpPluginOptions): void {
  const { resolve } = options;
  const repository = new McpRepository(app.db);
  // Users' servers reach private addresses only while the admin allows it (AI management → MCP),
  // asked at every request; ALLOW_PRIVATE_PROVIDER_URLS is for the admin's servers only.
  const userRoutes = new McpUserRoutes(() => repository.userServersPrivate(), resolve);
  const box = new SecretBox(app.config.settingsKey);
  const oauth = new McpOAuth(
    new McpOAuthRepository(app.db),
    box,
    () => connections,
    app.config.appUrl,
  );
  const connections: McpConnections = new McpConnections(
    { admin: app.outbound.configured, user: userRoutes.route },
    (spec, onRedirect) => oauth.providerFor(spec, onRedirect),
    options.backoff,
  );
  const service = new McpService(repository, connections, oauth, {
    box,
    allowPrivateUrls: app.config.allowPrivateProviderUrls,
    resolve,
    stdioServers: app.config.mcpStdioServers,
    plans: () => app.plans.listAll(),
    limits: app.limits,
  });
  const approvals = new McpApprovals(repository, app.bus);
  app.decorate('mcp', service);
  app.decorate('mcpApprovals', approvals);
  app.decorate('mcpRepository', repository);
  app.decorate('turnTools', new McpToolbox(app.tools, service, approvals, repository));
  app.addHook('onReady', () => approvals.start());
  app.addHook('onClose', async () => {
    await approvals.stop();
    await connections.closeAll();
    userRoutes.close();
  });
}
