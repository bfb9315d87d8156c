import type { ChatMcpChoice, McpServerView } from '@parallax/contract';

/** Whether a server is on in the chat. */
export function isServerOn(choice: ChatMcpChoice, serverId: string): boolean {
  return choice.servers.includes(serverId);
}

/** Whether one tool may be called: its server is on and the tool was not turned off. */
export function isToolOn(choice: ChatMcpChoice, serverId: string, qualifiedName: string): boolean {
  return isServerOn(choice, serverId) && !choice.disabled_tools.includes(qualifiedName);
}

/**
 * Turns a server on or off. Off also forgets which of its tools were off, so turning it on again
 * offers all of them, as a fresh choice would.
 */
export function withServer(
  choice: ChatMcpChoice,
  server: Pick<McpServerView, 'id' | 'tools'>,
  on: boolean,
): ChatMcpChoice {
  const servers = choice.servers.filter((id) => id !== server.id);
  if (on) return { servers: [...servers, server.id], disabled_tools: choice.disabled_tools };
  const own = new Set(server.tools.map((t) => t.qualified_name));
  return { servers, disabled_tools: choice.disabled_tools.filter((name) => !own.has(name)) };
}

/** Turns a single tool on or off (its server stays as it is). */
export function withTool(choice: ChatMcpChoice, qualifiedName: string, on: boolean): ChatMcpChoice {
  const rest = choice.disabled_tools.filter((name) => name !== qualifiedName);
  return { servers: choice.servers, disabled_tools: on ? rest : [...rest, qualifiedName] };
}

/**
 * The choice limited to servers the caller may still use (a removed server, a plan that no
 * longer allows them): what the composer shows and each send says.
 */
export function usableChoice(
  choice: ChatMcpChoice,
  servers: readonly Pick<McpServerView, 'id'>[],
): ChatMcpChoice {
  const known = new Set(servers.map((s) => s.id));
  return {
    servers: choice.servers.filter((id) => known.has(id)),
    disabled_tools: choice.disabled_tools,
  };
}

/** How many tools the chat's model may call through MCP (the menu button's count). */
export function toolsOnCount(
  choice: ChatMcpChoice,
  servers: readonly Pick<McpServerView, 'id' | 'tools'>[],
): number {
  return servers
    .filter((s) => isServerOn(choice, s.id))
    .reduce(
      (sum, s) =>
        sum + s.tools.filter((t) => !choice.disabled_tools.includes(t.qualified_name)).length,
      0,
    );
}
