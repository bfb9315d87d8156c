import { MCP_TOOL_POLICIES, type AdminMcpServer, type McpToolPolicy } from '@parallax/contract';
import { useId } from 'react';
import { POLICY_LABELS } from '../../mcp';

const DEFAULT = '';

/**
 * The admin's approval policy per tool of a server: a choice, or the default the tool's own
 * hints pick (read-only tools run, others ask). Names and descriptions are the server's text.
 */
export function McpToolPolicies({
  server,
  disabled,
  onChange,
}: {
  server: AdminMcpServer;
  disabled: boolean;
  onChange: (tool: string, policy: McpToolPolicy | null) => void;
}) {
  const id = useId();
  if (server.tools.length === 0)
    return <p className="text-sm text-fg-muted">No tools listed yet.</p>;
  return (
    <ul
      className="divide-y divide-line rounded-xl border border-line"
      aria-label={`${server.title} tools`}
    >
      {server.tools.map((tool, index) => {
        const chosen = server.policies[tool.name];
        const defaultPolicy: McpToolPolicy =
          tool.read_only === true ? 'always_allow' : 'always_ask';
        return (
          <li
            key={tool.qualified_name}
            className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start sm:justify-between"
            data-testid="admin-mcp-tool"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium break-words">
                {tool.title ?? tool.name}{' '}
                <code className="text-xs font-normal break-all text-fg-subtle">
                  {tool.qualified_name}
                </code>
              </p>
              {tool.description && (
                <p className="mt-0.5 line-clamp-3 text-sm break-words text-fg-muted">
                  {tool.description}
                </p>
              )}
            </div>
            <div className="shrink-0">
              <label htmlFor={`${id}-${index}`} className="sr-only">
                Approval for {tool.title ?? tool.name}
              </label>
              <select
                id={`${id}-${index}`}
                value={chosen ?? DEFAULT}
                disabled={disabled}
                onChange={(e) =>
                  onChange(
                    tool.name,
                    e.target.value === DEFAULT ? null : (e.target.value as McpToolPolicy),
                  )
                }
                className="h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring sm:w-auto"
              >
                <option value={DEFAULT}>Default: {POLICY_LABELS[defaultPolicy]}</option>
                {MCP_TOOL_POLICIES.map((policy) => (
                  <option key={policy} value={policy}>
                    {POLICY_LABELS[policy]}
                  </option>
                ))}
              </select>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
