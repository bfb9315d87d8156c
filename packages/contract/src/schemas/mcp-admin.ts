import { z } from 'zod';
import { HttpUrl, Id, IsoTimestamp } from './common';
import { MCP_LIMITS, McpAuthInput, McpServerName, McpServerView, McpToolPolicy } from './mcp';

/*
 * The admin's side of MCP (AI management → MCP, /admin/mcp/*). The kinds of server, their
 * naming rules and what users see of them are in mcp.ts.
 */

/** One admin server as the admin sees it (AI management → MCP). */
export const AdminMcpServer = McpServerView.extend({
  url: z.string().nullable(),
  enabled: z.boolean(),
  /** Bearer: the token's last 4; headers: their names (values never returned). */
  auth_hint: z.string().nullable(),
  /** The admin's policy per tool (server's own names); tools absent follow the default. */
  policies: z.record(z.string(), McpToolPolicy),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type AdminMcpServer = z.infer<typeof AdminMcpServer>;

/** Whether a plan's users may add their own servers (Settings → Tools). */
export const McpPlanAccess = z.object({ plan_id: Id, user_servers: z.boolean() });
export type McpPlanAccess = z.infer<typeof McpPlanAccess>;

/** GET /admin/mcp: admin and config servers, and each plan's access to user servers. */
export const AdminMcpResponse = z.object({
  servers: z.array(AdminMcpServer),
  plans: z.array(McpPlanAccess.extend({ plan_name: z.string(), archived: z.boolean() })),
  /** ALLOW_PRIVATE_PROVIDER_URLS: admin servers may be on private addresses. */
  private_urls_allowed: z.boolean(),
  /**
   * The admin's allowance: users' servers may be on private and loopback addresses (and http).
   * Off by default; link-local and cloud metadata addresses are refused whatever it says.
   */
  user_servers_private: z.boolean(),
});
export type AdminMcpResponse = z.infer<typeof AdminMcpResponse>;

/** POST /admin/mcp/servers: add a server (connects at once to list it; a failure is kept as health). */
export const CreateAdminMcpServerRequest = z
  .object({
    name: McpServerName,
    title: z.string().trim().min(1).max(MCP_LIMITS.titleMaxChars).optional(),
    url: HttpUrl,
    transport: z.enum(['streamable_http', 'sse']).default('streamable_http'),
    auth: McpAuthInput.default({ kind: 'none' }),
    enabled: z.boolean().default(true),
  })
  .strict();
export type CreateAdminMcpServerRequest = z.input<typeof CreateAdminMcpServerRequest>;

/** PATCH /admin/mcp/servers/{id}: only the fields sent change; `auth` replaces the secrets. */
export const UpdateAdminMcpServerRequest = z
  .object({
    title: z.string().trim().min(1).max(MCP_LIMITS.titleMaxChars).optional(),
    url: HttpUrl.optional(),
    transport: z.enum(['streamable_http', 'sse']).optional(),
    auth: McpAuthInput.optional(),
    enabled: z.boolean().optional(),
    /** Tool name → policy; null drops the admin's choice (the default applies). */
    policies: z.record(z.string().max(128), McpToolPolicy.nullable()).optional(),
  })
  .strict();
export type UpdateAdminMcpServerRequest = z.infer<typeof UpdateAdminMcpServerRequest>;

/** PATCH /admin/mcp/settings: the MCP card's settings. */
export const UpdateMcpSettingsRequest = z.object({ user_servers_private: z.boolean() }).strict();
export type UpdateMcpSettingsRequest = z.infer<typeof UpdateMcpSettingsRequest>;

/** PATCH /admin/mcp/plans: which plans may add their own servers. */
export const UpdateMcpPlansRequest = z.object({ plans: z.array(McpPlanAccess).max(200) }).strict();
export type UpdateMcpPlansRequest = z.infer<typeof UpdateMcpPlansRequest>;
