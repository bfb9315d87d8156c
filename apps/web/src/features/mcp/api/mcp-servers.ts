import type {
  CreateUserMcpServerRequest,
  GetMcpPromptRequest,
  McpComposerText,
  McpServersResponse,
  McpServerView,
  UpdateMcpToolPoliciesRequest,
} from '@parallax/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { healthRecheckMs } from '../model/health-label';

/** Per account: another account's servers are never shown from the cache. */
export const mcpServersKey = (accountKey: string) => ['mcp', 'servers', accountKey] as const;

/** GET /mcp/servers: every server the caller may turn on in a chat, with health and tools. */
export async function listMcpServers(): Promise<McpServersResponse> {
  const res = await http.get<unknown>('/mcp/servers');
  return parseWire('McpServersResponse', res.data);
}

export function useMcpServers(accountKey: string | null) {
  return useQuery({
    queryKey: mcpServersKey(accountKey ?? 'none'),
    queryFn: listMcpServers,
    enabled: accountKey !== null,
    staleTime: 30_000,
    // A failing server reconnects on the server's own timer: read its health again then.
    refetchInterval: (query) =>
      healthRecheckMs(
        (query.state.data?.servers ?? []).map((s) => s.health),
        Date.now(),
      ),
  });
}

/** POST /mcp/servers: the caller's own server; its first listing (or failure) comes back. */
export async function addMcpServer(body: CreateUserMcpServerRequest): Promise<McpServerView> {
  const res = await http.post<unknown>('/mcp/servers', body);
  return parseWire('McpServerView', res.data);
}

/** DELETE /mcp/servers/{id}: removes one of the caller's own servers and their sign-in. */
export async function removeMcpServer(id: string): Promise<void> {
  await http.delete<unknown>(`/mcp/servers/${encodeURIComponent(id)}`);
}

/** POST /mcp/servers/{id}/refresh: connects again now and lists again. */
export async function refreshMcpServer(id: string): Promise<McpServerView> {
  const res = await http.post<unknown>(`/mcp/servers/${encodeURIComponent(id)}/refresh`);
  return parseWire('McpServerView', res.data);
}

/** POST /mcp/servers/{id}/prompts/get: a prompt the server lists, filled in, as text to insert. */
export async function getMcpPromptText(
  id: string,
  body: GetMcpPromptRequest,
): Promise<McpComposerText> {
  const res = await http.post<unknown>(`/mcp/servers/${encodeURIComponent(id)}/prompts/get`, body);
  return parseWire('McpComposerText', res.data);
}

/** POST /mcp/servers/{id}/resources/read: a resource's text, framed as untrusted context. */
export async function readMcpResourceText(id: string, uri: string): Promise<McpComposerText> {
  const res = await http.post<unknown>(`/mcp/servers/${encodeURIComponent(id)}/resources/read`, {
    uri,
  });
  return parseWire('McpComposerText', res.data);
}

/** PUT /mcp/servers/{id}/policies: the caller's own approval policy per tool. */
export async function setMcpToolPolicies(
  id: string,
  body: UpdateMcpToolPoliciesRequest,
): Promise<void> {
  await http.put<unknown>(`/mcp/servers/${encodeURIComponent(id)}/policies`, body);
}

/**
 * POST /mcp/servers/{id}/oauth/start: the server's authorization page; the app's callback
 * brings the browser back to `returnTo` with `?mcp_oauth=ok|error`.
 */
export async function startMcpSignIn(id: string, returnTo: string): Promise<string> {
  const res = await http.post<unknown>(`/mcp/servers/${encodeURIComponent(id)}/oauth/start`, {
    return_to: returnTo,
  });
  return parseWire('StartMcpOAuthResponse', res.data).authorization_url;
}

/** DELETE /mcp/servers/{id}/oauth: signs the caller out of an OAuth server (tokens deleted). */
export async function signOutOfMcpServer(id: string): Promise<void> {
  await http.delete<unknown>(`/mcp/servers/${encodeURIComponent(id)}/oauth`);
}

/** The changes of Settings → Tools: each one reads the list again (health and tools with it). */
export function useMcpServerActions(accountKey: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: mcpServersKey(accountKey) });
  return {
    add: useMutation({ mutationFn: addMcpServer, onSettled: refresh }),
    remove: useMutation({ mutationFn: removeMcpServer, onSettled: refresh }),
    reconnect: useMutation({ mutationFn: refreshMcpServer, onSettled: refresh }),
    signOut: useMutation({ mutationFn: signOutOfMcpServer, onSettled: refresh }),
    setPolicies: useMutation({
      mutationFn: (input: { id: string; body: UpdateMcpToolPoliciesRequest }) =>
        setMcpToolPolicies(input.id, input.body),
      onSettled: refresh,
    }),
  };
}
