import { MCP_TOOL_POLICIES, type McpToolPolicy, type McpToolView } from '@parallax/contract';
import { useId } from 'react';
import { POLICY_LABELS } from '../model/health-label';

/**
 * A server's tools with their descriptions (the server's text: plain, never markup) and, where
 * `onPolicy` is given, the approval policy of each.
 */
export function McpToolList({
  tools,
  onPolicy,
  disabled = false,
}: {
  tools: readonly McpToolView[];
  onPolicy?: (tool: McpToolView, policy: McpToolPolicy) => void;
  disabled?: boolean;
}) {
  const id = useId();
  if (tools.length === 0) return <p className="text-sm text-fg-muted">No tools listed yet.</p>;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line" data-testid="mcp-tools">
      {tools.map((tool, index) => (
        <li
          key={tool.qualified_name}
          className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start sm:justify-between"
          data-testid="mcp-tool"
          data-tool={tool.qualified_name}
        >
          <div className="min-w-0">
            <p className="text-sm font-medium break-words">
              {tool.title ?? tool.name}{' '}
              <code className="text-xs font-normal break-all text-fg-subtle">
                {tool.qualified_name}
              </code>
            </p>
            {tool.description && (
              <p className="mt-0.5 text-sm break-words whitespace-pre-line text-fg-muted">
                {tool.description}
              </p>
            )}
          </div>
          {onPolicy && (
            <div className="shrink-0">
              <label htmlFor={`${id}-${index}`} className="sr-only">
                Approval for {tool.title ?? tool.name}
              </label>
              <select
                id={`${id}-${index}`}
                value={tool.policy}
                disabled={disabled}
                onChange={(event) => onPolicy(tool, event.target.value as McpToolPolicy)}
                className="h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring sm:w-auto"
              >
                {MCP_TOOL_POLICIES.map((policy) => (
                  <option key={policy} value={policy}>
                    {POLICY_LABELS[policy]}
                  </option>
                ))}
              </select>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
