import {
  MCP_LIMITS,
  TOOL_LIMITS,
  type McpToolPolicy,
  type ToolCallMcpInfo,
} from '@parallax/contract';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { ownerKey } from '../../infra/auth/chat-owner';
import { plainText, ToolDenied, ToolFailure, type TurnTool } from '../tools';

import type { McpApprovals } from './mcp-approvals';
import { McpUnavailable, reasonOf, type McpConnection } from './mcp-connection';
import type { McpRepository } from './mcp.repository';

/** Characters of a result read from a server before the loop's own cap (bounded memory). */
const READ_CHARS = TOOL_LIMITS.resultChars * 2;

export interface McpToolDeps {
  approvals: McpApprovals;
  repository: McpRepository;
  /** The admin's per-call time limit: the SDK's own timeout sits just past it. */
  timeoutMs: number;
}

/** The result's content as text for the model (untrusted; framed and capped by the loop). */
export function resultText(result: CallToolResult): string {
  const parts: string[] = [];
  let size = 0;
  for (const item of result.content) {
    let text: string;
    if (item.type === 'text') text = item.text;
    else if (item.type === 'resource')
      text = 'text' in item.resource ? item.resource.text : `[resource ${item.resource.uri}]`;
    else if (item.type === 'resource_link') text = `[resource ${item.uri}]`;
    else text = `[${item.type} content not shown]`;
    parts.push(text.slice(0, READ_CHARS - size));
    size += text.length;
    if (size >= READ_CHARS) break;
  }
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent).slice(0, READ_CHARS));
  return parts.join('\n');
}

/**
 * One MCP tool offered to the model under its qualified name. A call whose policy asks waits
 * for the owner (its row `awaiting_approval`, its time limit paused), then runs on the server's
 * connection with progress shown in the row. The server's words never decide what runs.
 */
export function mcpTurnTool(
  connection: McpConnection,
  tool: Tool,
  qualifiedName: string,
  policy: McpToolPolicy,
  deps: McpToolDeps,
): TurnTool {
  const { spec } = connection;
  const description = plainText(
    [tool.title ?? tool.annotations?.title, tool.description].filter(Boolean).join(': ') ||
      tool.name,
    MCP_LIMITS.descriptionChars,
  );
  return {
    spec: {
      name: qualifiedName,
      description: `${description} (from the MCP server "${spec.title}")`,
      parameters: tool.inputSchema as Record<string, unknown>,
    },
    async run(args, context) {
      const info: ToolCallMcpInfo = {
        server_id: spec.id,
        server_title: spec.title,
        tool: tool.name,
      };
      context.update({ mcp: info });
      const owner = ownerKey(context.owner);
      const { conversationId } = context.call;
      const asked =
        policy === 'always_ask' ||
        (policy === 'ask_once' &&
          (conversationId === null ||
            !(await deps.repository.allowedInChat(owner, conversationId, spec.id, tool.name))));
      if (asked) {
        const until = new Date(Date.now() + MCP_LIMITS.approvalWaitSeconds * 1000);
        const outcome = await context.outsideTimeout(() =>
          deps.approvals.wait(
            {
              ownerKey: owner,
              messageId: context.call.messageId,
              callId: context.call.id,
              conversationId,
              serverId: spec.id,
              toolName: tool.name,
              until,
              signal: context.signal,
            },
            () =>
              context.update({
                status: 'awaiting_approval',
                mcp: { ...info, approval_until: until.toISOString() },
              }),
          ),
        );
        if (outcome === 'deny') throw new ToolDenied('The user denied this call.');
        if (outcome === 'expired') {
          if (context.signal.aborted) throw new ToolFailure('Stopped.');
          throw new ToolDenied('The user did not approve this call in time.');
        }
        context.update({ status: 'running', mcp: info });
      }
      let result: CallToolResult;
      try {
        result = await connection.callTool(tool.name, args, {
          signal: context.signal,
          timeoutMs: deps.timeoutMs + 1_000,
          onProgress: (note) =>
            context.update({ progress: plainText(note, MCP_LIMITS.progressChars) }),
        });
      } catch (error) {
        if (context.signal.aborted) throw error;
        throw new ToolFailure(
          error instanceof McpUnavailable ? error.message : `${spec.title}: ${reasonOf(error)}`,
        );
      }
      const text = resultText(result);
      if (result.isError === true)
        throw new ToolFailure(plainText(text || 'The tool reported an error.', 500));
      return { text: text || '(no content)' };
    },
  };
}
