import type { McpAuthInput } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import { BaseUrlRefused } from '../../providers/base-url-guard';
import type { McpServerSpec } from './mcp-server-spec';
import type { McpRepository } from './mcp.repository';

/** Checks shared by users' own servers (Settings → Tools) and the admin's (AI management → MCP). */

export const NOT_FOUND = 'MCP server not found.';

export function authOrNone(input: { auth?: McpAuthInput | undefined }): McpAuthInput {
  return input.auth ?? { kind: 'none' };
}

/** A URL check's refusal as a validation error: its message already names the field. */
export async function refusalAsInvalid(check: Promise<string>): Promise<string> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof BaseUrlRefused) throw new AppError('validation_error', error.message);
    throw error;
  }
}

/** A name no config server and no server `userId` can see already has. */
export async function checkNameFree(
  config: readonly McpServerSpec[],
  repository: McpRepository,
  name: string,
  userId: string | null,
): Promise<void> {
  const taken =
    config.some((s) => s.name === name) ||
    (await repository.servers(userId)).some((row) => row.name === name);
  if (taken) throw new AppError('conflict', 'name: a server with this name exists');
}
