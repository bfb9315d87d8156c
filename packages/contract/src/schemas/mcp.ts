import { z } from 'zod';
import { HttpUrl, Id, IsoTimestamp } from './common';

/*
 * MCP servers (issue 37): tools, prompts and resources that other programs offer a chat over
 * the Model Context Protocol. Three kinds of server:
 *   - admin servers (AI management → MCP): Streamable HTTP, or the older SSE transport;
 *   - config servers: stdio commands from the server's env (MCP_STDIO_SERVERS), never the web;
 *   - user servers (Settings → Tools): Streamable HTTP only, where the user's plan allows them.
 * A server's tools reach the model as `<server name>__<tool name>` (TOOL_NAME_PATTERN), so two
 * servers never shadow each other or a built-in tool. Descriptions only change what the model
 * is told, never what the app does.
 */

export const MCP_LIMITS = {
  /** A server's name: the prefix of its tools' names, so short and plain. */
  nameMinChars: 2,
  nameMaxChars: 24,
  titleMaxChars: 80,
  /** Headers an admin or a user may send with every request to a server. */
  headersMax: 16,
  headerValueMaxChars: 4_096,
  tokenMaxChars: 4_096,
  /** Servers one user may add. */
  userServersMax: 10,
  /** Tools of one server offered to a model (a server listing more gets the first ones). */
  toolsPerServerMax: 64,
  /** Characters of a tool's description the model is told (and the screen shows). */
  descriptionChars: 1_024,
  /** Characters of a progress note shown in a tool row. */
  progressChars: 200,
  /** Seconds a call waits for the owner's approval before it is reported as not approved. */
  approvalWaitSeconds: 300,
  /** Characters of a prompt's or a resource's text put into the composer (within a message). */
  composerTextChars: 6_000,
  /** Arguments one prompt may be given. */
  promptArgumentsMax: 20,
} as const;

/** The names providers accept for a tool; MCP tools are `server__tool` within it. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A server's name: lowercase letters, digits and single hyphens (no `__`: it splits names). */
export const McpServerName = z
  .string()
  .trim()
  .min(MCP_LIMITS.nameMinChars, `name: must be at least ${MCP_LIMITS.nameMinChars} characters`)
  .max(MCP_LIMITS.nameMaxChars, `name: must be at most ${MCP_LIMITS.nameMaxChars} characters`)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'name: use lowercase letters, digits and hyphens (it prefixes the tools’ names)',
  );

export const MCP_TRANSPORTS = ['streamable_http', 'sse', 'stdio'] as const;
export const McpTransport = z.enum(MCP_TRANSPORTS);
export type McpTransport = z.infer<typeof McpTransport>;

/** Where a server comes from: who configured it and who may change it. */
export const MCP_SERVER_SCOPES = ['admin', 'config', 'user'] as const;
export const McpServerScope = z.enum(MCP_SERVER_SCOPES);
export type McpServerScope = z.infer<typeof McpServerScope>;

export const MCP_AUTH_KINDS = ['none', 'bearer', 'headers', 'oauth'] as const;
export const McpAuthKind = z.enum(MCP_AUTH_KINDS);
export type McpAuthKind = z.infer<typeof McpAuthKind>;

/**
 * A connection's state as the caller sees it: `idle` until first used (connections open
 * lazily), `needs_sign_in` when the server wants the caller's own account (OAuth), `failing`
 * with a reason that is safe to show (retried with back-off).
 */
export const MCP_HEALTH_STATES = [
  'idle',
  'connecting',
  'connected',
  'needs_sign_in',
  'failing',
] as const;
export const McpHealthState = z.enum(MCP_HEALTH_STATES);
export type McpHealthState = z.infer<typeof McpHealthState>;

export const McpHealth = z.object({
  state: McpHealthState,
  reason: z.string().nullable(),
  /** When the state last changed; null: never tried. */
  since: IsoTimestamp.nullable(),
  /** While failing: when the next attempt is due. */
  retry_at: IsoTimestamp.nullable(),
});
export type McpHealth = z.infer<typeof McpHealth>;

/**
 * Whether a call of a tool waits for the owner's yes: every time, once per chat, or never.
 * Tools that declare side effects (readOnlyHint false, destructiveHint) or give no hints
 * default to `always_ask`; tools declared read-only default to `always_allow`.
 */
export const MCP_TOOL_POLICIES = ['always_ask', 'ask_once', 'always_allow'] as const;
export const McpToolPolicy = z.enum(MCP_TOOL_POLICIES);
export type McpToolPolicy = z.infer<typeof McpToolPolicy>;

/** One tool of a server, as listed. Name, title and description are the server's (untrusted). */
export const McpToolView = z.object({
  /** The server's own name for it. */
  name: z.string(),
  /** What the model calls it (`server__tool`), unique across the chat's tools. */
  qualified_name: z.string().regex(TOOL_NAME_PATTERN),
  title: z.string().nullable(),
  description: z.string(),
  /** JSON Schema of the arguments, as the server declared it. */
  input_schema: z.record(z.string(), z.unknown()),
  /** The server's hints (null: not given). They pick the default policy, nothing else. */
  read_only: z.boolean().nullable(),
  destructive: z.boolean().nullable(),
  /** The policy in force for the caller (their own choice, else the admin's, else the default). */
  policy: McpToolPolicy,
  /** Where `policy` comes from. */
  policy_source: z.enum(['default', 'admin', 'user']),
});
export type McpToolView = z.infer<typeof McpToolView>;

export const McpPromptView = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  arguments: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      required: z.boolean(),
    }),
  ),
});
export type McpPromptView = z.infer<typeof McpPromptView>;

export const McpResourceView = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  mime_type: z.string().nullable(),
});
export type McpResourceView = z.infer<typeof McpResourceView>;

/** One server as a user sees it (Settings → Tools, and the chat's MCP picker). */
export const McpServerView = z.object({
  id: Id,
  name: z.string(),
  title: z.string(),
  scope: McpServerScope,
  transport: McpTransport,
  /** The endpoint (null for stdio servers and for admin servers: their address is the admin's). */
  url: z.string().nullable(),
  auth: McpAuthKind,
  /** OAuth servers: whether the caller has signed in (their own tokens are kept sealed). */
  signed_in: z.boolean(),
  /** What the server said of itself at connect (instructions for the model, untrusted). */
  description: z.string().nullable(),
  health: McpHealth,
  /** Empty until the first successful connection. */
  tools: z.array(McpToolView),
  prompts: z.array(McpPromptView),
  resources: z.array(McpResourceView),
});
export type McpServerView = z.infer<typeof McpServerView>;

/** GET /mcp/servers: every server the caller may turn on in a chat, and whether they may add their own. */
export const McpServersResponse = z.object({
  servers: z.array(McpServerView),
  user_servers_allowed: z.boolean(),
});
export type McpServersResponse = z.infer<typeof McpServersResponse>;

const HeaderName = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'headers: a header name is letters, digits and hyphens');
const HeaderValue = z
  .string()
  .max(MCP_LIMITS.headerValueMaxChars)
  .regex(/^[\x20-\x7e]*$/, 'headers: a header value must be printable ASCII on one line');

/** How the app authenticates to a server. Secrets are sealed at rest and never returned. */
export const McpAuthInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('bearer'),
    token: z
      .string()
      .min(1)
      .max(MCP_LIMITS.tokenMaxChars)
      .regex(/^[\x21-\x7e]+$/, 'auth.token: must not contain spaces or line breaks'),
  }),
  z.object({
    kind: z.literal('headers'),
    headers: z
      .record(HeaderName, HeaderValue)
      .refine((h) => Object.keys(h).length <= MCP_LIMITS.headersMax, {
        message: `headers: at most ${MCP_LIMITS.headersMax}`,
      }),
  }),
  /**
   * OAuth 2.1 per the MCP authorization spec: each user signs in with their own account.
   * Discovery and dynamic client registration when the server offers them; else the admin
   * gives a registered client.
   */
  z.object({
    kind: z.literal('oauth'),
    client_id: z.string().min(1).max(255).optional(),
    client_secret: z.string().min(1).max(MCP_LIMITS.tokenMaxChars).optional(),
    scope: z.string().max(1_000).optional(),
  }),
]);
export type McpAuthInput = z.infer<typeof McpAuthInput>;

/**
 * POST /mcp/servers: a user adds their own server (Streamable HTTP only; the URL must not be a
 * private address). Answers the server (201) with its first listing or its failure as health.
 */
export const CreateUserMcpServerRequest = z
  .object({
    name: McpServerName,
    title: z.string().trim().min(1).max(MCP_LIMITS.titleMaxChars).optional(),
    url: HttpUrl,
    auth: McpAuthInput.default({ kind: 'none' }),
  })
  .strict();
export type CreateUserMcpServerRequest = z.input<typeof CreateUserMcpServerRequest>;

/** PATCH /mcp/servers/{id} (own servers only). */
export const UpdateUserMcpServerRequest = z
  .object({
    title: z.string().trim().min(1).max(MCP_LIMITS.titleMaxChars).optional(),
    url: HttpUrl.optional(),
    auth: McpAuthInput.optional(),
  })
  .strict();
export type UpdateUserMcpServerRequest = z.infer<typeof UpdateUserMcpServerRequest>;

/**
 * PUT /mcp/servers/{id}/policies: the caller's own policy per tool of any server they see
 * (tool name → policy; null: back to the admin's or the default).
 */
export const UpdateMcpToolPoliciesRequest = z
  .object({ policies: z.record(z.string().max(128), McpToolPolicy.nullable()) })
  .strict();
export type UpdateMcpToolPoliciesRequest = z.infer<typeof UpdateMcpToolPoliciesRequest>;

/** POST /mcp/servers/{id}/prompts/get: a prompt the server lists, filled with its arguments. */
export const GetMcpPromptRequest = z
  .object({
    name: z.string().min(1).max(200),
    arguments: z
      .record(z.string().min(1).max(100), z.string().max(2_000))
      .refine((a) => Object.keys(a).length <= MCP_LIMITS.promptArgumentsMax, {
        message: `arguments: at most ${MCP_LIMITS.promptArgumentsMax}`,
      })
      .optional(),
  })
  .strict();
export type GetMcpPromptRequest = z.input<typeof GetMcpPromptRequest>;

/**
 * The text the composer takes: a prompt's messages' text, or a resource's text framed as
 * untrusted data (the model is told it is the server's content, not instructions). Plain
 * text, control characters dropped, cut at `composerTextChars` (`truncated` says so).
 */
export const McpComposerText = z.object({ text: z.string(), truncated: z.boolean() });
export type McpComposerText = z.infer<typeof McpComposerText>;

/** POST /mcp/servers/{id}/resources/read: a resource the server lists, as context. */
export const ReadMcpResourceRequest = z.object({ uri: z.string().min(1).max(2_048) }).strict();
export type ReadMcpResourceRequest = z.infer<typeof ReadMcpResourceRequest>;

/**
 * POST /mcp/servers/{id}/oauth/start: the authorization page to open (PKCE; the server's
 * metadata discovered, the client registered dynamically where offered). The provider sends
 * the browser back to GET /api/v1/mcp/oauth/callback, which stores the caller's tokens sealed
 * and redirects to `return_to` (a path of this app) with `?mcp_oauth=ok|error`.
 */
export const StartMcpOAuthRequest = z
  .object({
    return_to: z
      .string()
      .regex(/^\/(?!\/)[^\s]*$/, 'return_to: must be a path of this app')
      .max(500)
      .default('/settings'),
  })
  .strict();
export type StartMcpOAuthRequest = z.input<typeof StartMcpOAuthRequest>;
export const StartMcpOAuthResponse = z.object({ authorization_url: HttpUrl });
export type StartMcpOAuthResponse = z.infer<typeof StartMcpOAuthResponse>;

/**
 * A chat's choice of MCP servers (chat settings `mcp`, and the send's `mcp` like `web_search`):
 * the servers turned on, and single tools (qualified names) turned off among them.
 */
export const ChatMcpChoice = z.object({
  servers: z.array(Id).max(50).default([]),
  disabled_tools: z.array(z.string().max(128)).max(500).default([]),
});
export type ChatMcpChoice = z.infer<typeof ChatMcpChoice>;
export const NO_MCP: ChatMcpChoice = { servers: [], disabled_tools: [] };

/*
 * Approval: a call whose policy asks waits with status `awaiting_approval` (an `ai_tool` event,
 * so a reload or another process shows it) until the owner answers, Stop, or
 * MCP_LIMITS.approvalWaitSeconds. A denied call is reported to the model as denied.
 */
export const TOOL_APPROVAL_DECISIONS = ['allow', 'deny', 'always'] as const;
export const ToolApprovalDecision = z.enum(TOOL_APPROVAL_DECISIONS);
export type ToolApprovalDecision = z.infer<typeof ToolApprovalDecision>;

/**
 * POST /chat/messages/{messageId}/tool-calls/{callId}/approval. `always`: allow this call and
 * set the caller's policy for that tool to `always_allow`. 404 for another owner's message or a
 * call that is not waiting (any more).
 */
export const ToolApprovalRequest = z.object({ decision: ToolApprovalDecision }).strict();
export type ToolApprovalRequest = z.infer<typeof ToolApprovalRequest>;
export const ToolApprovalParams = z.object({
  messageId: Id,
  callId: z.string().min(1).max(200),
});
export type ToolApprovalParams = z.infer<typeof ToolApprovalParams>;
export const ToolApprovalResponse = z.object({
  message_id: Id,
  call_id: z.string(),
  decision: ToolApprovalDecision,
});
export type ToolApprovalResponse = z.infer<typeof ToolApprovalResponse>;

/** What the approval prompt shows beside the exact arguments (on ToolCallView.mcp). */
export const ToolCallMcpInfo = z.object({
  server_id: Id,
  server_title: z.string(),
  /** The server's own name for the tool. */
  tool: z.string(),
  /** While awaiting approval: when the wait ends (then the call is reported as not approved). */
  approval_until: IsoTimestamp.optional(),
});
export type ToolCallMcpInfo = z.infer<typeof ToolCallMcpInfo>;
