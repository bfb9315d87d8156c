import type { McpServerView, McpToolView } from '@parallax/contract';

/** Servers as GET /mcp/servers answers them, for the components' tests. */
export function tool(server: string, name: string, description: string): McpToolView {
  return {
    name,
    qualified_name: `${server}__${name}`,
    title: null,
    description,
    input_schema: { type: 'object' },
    read_only: null,
    destructive: null,
    policy: 'always_ask',
    policy_source: 'default',
  };
}

export function server(
  over: Partial<McpServerView> & Pick<McpServerView, 'id' | 'name'>,
): McpServerView {
  return {
    title: over.name,
    scope: 'user',
    transport: 'streamable_http',
    url: `https://${over.name}.example/mcp`,
    auth: 'none',
    signed_in: false,
    description: null,
    health: { state: 'connected', reason: null, since: null, retry_at: null },
    tools: [],
    prompts: [],
    resources: [],
    ...over,
  };
}
