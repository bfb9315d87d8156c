import {
  MCP_LIMITS,
  type McpHealth,
  type McpServerView,
  type McpToolPolicy,
} from '@parallax/contract';
import type { McpListing } from './mcp-connection';
import type { McpServerSpec } from './mcp-server-spec';
import { qualifyToolNames } from './tool-names';
import { policyFor } from './tool-policy';

/** A server's connection as the view shows it, read by the caller (which may connect first). */
export interface McpServerState {
  listing: McpListing;
  health: McpHealth;
  signedIn: boolean;
}

/** A server as a user sees it, with each tool's policy as `own` (the owner's choices) makes it. */
export function serverView(
  spec: McpServerSpec,
  state: McpServerState,
  own: ReadonlyMap<string, McpToolPolicy>,
): McpServerView {
  const { listing } = state;
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
    signed_in: state.signedIn,
    description: listing.instructions,
    health: state.health,
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
