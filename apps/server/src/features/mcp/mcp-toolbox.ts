import type { ToolLoopSettings, TurnTool, TurnToolbox, TurnToolsQuery } from '../tools';
import type { McpApprovals } from './mcp-approvals';
import { mcpTurnTool } from './mcp-turn-tool';
import type { McpRepository } from './mcp.repository';
import type { McpService } from './mcp.service';
import { qualifyToolNames } from './tool-names';
import { policyFor } from './tool-policy';

/**
 * The built-in tools and, when the chat turned servers on, those servers' tools (minus the
 * ones the chat turned off). A server that cannot be reached adds nothing: the turn goes on
 * without it and its health says why. A name the built-ins use is never taken by a server.
 */
export class McpToolbox implements TurnToolbox {
  constructor(
    private readonly builtIn: TurnToolbox,
    private readonly mcp: McpService,
    private readonly approvals: McpApprovals,
    private readonly repository: McpRepository,
  ) {}

  loopSettings(): Promise<ToolLoopSettings> {
    return this.builtIn.loopSettings();
  }

  async toolsFor(query: TurnToolsQuery): Promise<TurnTool[]> {
    const [builtIn, servers] = await Promise.all([
      this.builtIn.toolsFor(query),
      this.#mcpTools(query),
    ]);
    const taken = new Set(builtIn.map((t) => t.spec.name));
    return [...builtIn, ...servers.filter((t) => !taken.has(t.spec.name))];
  }

  async #mcpTools(query: TurnToolsQuery): Promise<TurnTool[]> {
    const chosen = query.mcp;
    if (chosen === undefined || chosen.servers.length === 0) return [];
    const wanted = new Set(chosen.servers);
    const off = new Set(chosen.disabled_tools);
    const [specs, policies, loop] = await Promise.all([
      this.mcp.specsFor(query.owner),
      this.mcp.ownPolicies(query.owner),
      this.builtIn.loopSettings(),
    ]);
    const lists = await Promise.all(
      specs
        .filter((spec) => wanted.has(spec.id))
        .map(async (spec) => {
          const connection = this.mcp.connections.for(spec);
          const listing = await connection.refresh();
          const names = qualifyToolNames(
            spec.name,
            listing.tools.map((t) => t.name),
          );
          const own = policies.get(spec.id) ?? new Map();
          return [...names].flatMap(([qualified, name]) => {
            const tool = listing.tools.find((t) => t.name === name);
            if (!tool || off.has(qualified)) return [];
            const { policy } = policyFor(tool, spec.policies, own);
            return [
              mcpTurnTool(connection, tool, qualified, policy, {
                approvals: this.approvals,
                repository: this.repository,
                timeoutMs: loop.toolTimeoutMs,
              }),
            ];
          });
        }),
    );
    return lists.flat();
  }
}
