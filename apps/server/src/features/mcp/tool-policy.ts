import type { McpToolPolicy } from '@parallax/contract';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool declared read-only (and not destructive) runs without asking; one that declares side
 * effects, or says nothing, asks every time. The hints pick only this default.
 */
export function defaultPolicy(tool: Tool): McpToolPolicy {
  const hints = tool.annotations;
  return hints?.readOnlyHint === true && hints.destructiveHint !== true
    ? 'always_allow'
    : 'always_ask';
}

export interface PolicyChoice {
  policy: McpToolPolicy;
  source: 'default' | 'admin' | 'user';
}

/** The owner's own choice, else the admin's, else the default. */
export function policyFor(
  tool: Tool,
  admin: Readonly<Record<string, McpToolPolicy>>,
  own: ReadonlyMap<string, McpToolPolicy>,
): PolicyChoice {
  const mine = own.get(tool.name);
  if (mine !== undefined) return { policy: mine, source: 'user' };
  const set = admin[tool.name];
  if (set !== undefined) return { policy: set, source: 'admin' };
  return { policy: defaultPolicy(tool), source: 'default' };
}
