import { z } from 'zod';
import { HttpUrl, Id, IsoTimestamp } from './common';
import { ToolCallMcpInfo } from './mcp';

/*
 * Tools a model may call during an answer (issue 36). A turn is answered in steps: a step is one
 * model call; when the model asks for tools, the server runs them and the next step gives the
 * model their results. Built-in tools have plain names; MCP tools (later) are namespaced
 * `server__tool` so two servers cannot shadow each other or a built-in.
 */

export const BUILT_IN_TOOLS = ['web_search', 'read_page'] as const;
export const BuiltInToolName = z.enum(BUILT_IN_TOOLS);
export type BuiltInToolName = z.infer<typeof BuiltInToolName>;

export const TOOL_LIMITS = {
  /** Model calls one answer may take (admin setting; this is its default and its bounds). */
  stepsDefault: 8,
  stepsMax: 32,
  /** Seconds one tool call may run (admin setting). */
  toolTimeoutDefaultSeconds: 20,
  toolTimeoutMaxSeconds: 120,
  /** Characters of one tool result given back to the model; the rest is cut with a note. */
  resultChars: 12_000,
  /** Characters of a tool result kept with the answer for the screen's expanded row. */
  storedResultChars: 4_000,
  /** Characters of a call's arguments kept and shown. */
  argumentsChars: 2_000,
  /** Search results one web search gives the model. */
  searchResults: 5,
} as const;

/**
 * `awaiting_approval`: an MCP call waits for the owner's yes (ToolApprovalRequest);
 * `denied`: the owner said no or did not answer in time (the model is told it was denied).
 */
export const ToolCallStatus = z.enum([
  'running',
  'awaiting_approval',
  'completed',
  'error',
  'cancelled',
  'denied',
]);
export type ToolCallStatus = z.infer<typeof ToolCallStatus>;

/** One numbered source under an answer: what a web search found or a page read returned. */
export const Citation = z.object({
  /** The number the answer cites it by ("[1]"), from 1, unique within the answer. */
  index: z.int().positive(),
  title: z.string().max(500),
  url: z.url({ protocol: /^https?$/ }),
  /** The host name shown beside the title ("en.wikipedia.org"). */
  site: z.string().max(255),
});
export type Citation = z.infer<typeof Citation>;

/** One tool call of an answer, as the screen shows it (live and after reload). */
export const ToolCallView = z.object({
  /** The provider's call id (or the server's where the provider gives none). */
  id: z.string().min(1).max(200),
  /** The step (model call) that asked for it, from 0. */
  step: z.int().nonnegative(),
  name: z.string().min(1).max(128),
  /** The arguments as the model wrote them (JSON text), cut to TOOL_LIMITS.argumentsChars. */
  arguments: z.string(),
  status: ToolCallStatus,
  /** The start of the result (untrusted text: shown escaped, never as markdown or HTML). */
  result: z.string().optional(),
  /** Why the call failed (timeout, refused address, upstream error), safe to show. */
  error: z.string().optional(),
  started_at: IsoTimestamp,
  duration_ms: z.int().nonnegative().optional(),
  /** The citation numbers this call's results were given. */
  citations: z.array(z.int().positive()).optional(),
  /** While running: the tool's latest progress note (MCP progress notifications), untrusted. */
  progress: z.string().max(200).optional(),
  /** An MCP tool's server and own name (absent for built-in tools). */
  mcp: ToolCallMcpInfo.optional(),
});
export type ToolCallView = z.infer<typeof ToolCallView>;

/**
 * Websocket: a tool call started or changed state. Numbered from the same sequence as the
 * answer's `ai_token`s, so a client that resumes with `last_sequence` gets every later tool
 * event and token once, in order. A client keeps the latest state per `call.id`.
 */
export const WsAiTool = z.object({
  type: z.literal('ai_tool'),
  message_id: Id,
  sequence: z.int().positive(),
  call: ToolCallView,
  /** The citations this call added, when it completed with results. */
  citations: z.array(Citation).optional(),
});
export type WsAiTool = z.infer<typeof WsAiTool>;

/** Admin: the web search backend and its settings (AI management → Tools). */
export const WEB_SEARCH_PROVIDERS = ['searxng', 'brave', 'tavily'] as const;
export const WebSearchProvider = z.enum(WEB_SEARCH_PROVIDERS);
export type WebSearchProvider = z.infer<typeof WebSearchProvider>;

/**
 * GET /api/v1/tools/available: the built-in tools the caller's chats may use (the admin set up
 * a search provider, the caller's plan allows them). The composer shows its Web search toggle
 * only when `web_search` is true.
 */
export const AvailableToolsResponse = z.object({
  web_search: z.boolean(),
  read_page: z.boolean(),
});
export type AvailableToolsResponse = z.infer<typeof AvailableToolsResponse>;

/** Bounds of the admin's Tools settings beyond TOOL_LIMITS. */
export const TOOL_SETTINGS_LIMITS = {
  apiKeyMinChars: 8,
  apiKeyMaxChars: 512,
  /** Plans one save may set (more than any server has). */
  plansMax: 200,
} as const;

/** A search provider's key as pasted: no spaces, tabs or line breaks (a copy that caught them fails upstream). */
export const WebSearchApiKey = z
  .string()
  .min(
    TOOL_SETTINGS_LIMITS.apiKeyMinChars,
    `web_search_api_key: must be at least ${TOOL_SETTINGS_LIMITS.apiKeyMinChars} characters`,
  )
  .max(
    TOOL_SETTINGS_LIMITS.apiKeyMaxChars,
    `web_search_api_key: must be at most ${TOOL_SETTINGS_LIMITS.apiKeyMaxChars} characters`,
  )
  .regex(
    /^[\x21-\x7e]+$/,
    'web_search_api_key: must not contain spaces, line breaks or other invisible characters',
  );

/** Which built-in tools a plan's users (and, through the free plan, visitors) may use. */
export const ToolPlanAccess = z.object({
  plan_id: Id,
  web_search: z.boolean(),
  read_page: z.boolean(),
});
export type ToolPlanAccess = z.infer<typeof ToolPlanAccess>;

export const AdminToolPlanAccess = ToolPlanAccess.extend({
  plan_name: z.string(),
  archived: z.boolean(),
});
export type AdminToolPlanAccess = z.infer<typeof AdminToolPlanAccess>;

/** GET /admin/tools: AI management → Tools. The search key itself is never returned. */
export const AdminToolSettings = z.object({
  /** Null: no web search (the web_search tool is not offered). */
  web_search_provider: WebSearchProvider.nullable(),
  /** The admin's base URL; null: the provider's official endpoint (SearXNG needs one). */
  web_search_base_url: z.string().nullable(),
  web_search_api_key_set: z.boolean(),
  web_search_api_key_last4: z.string().nullable(),
  /** Whether web search can run as configured, and if not why (shown beside the provider). */
  web_search_ready: z.boolean(),
  web_search_problem: z.string().nullable(),
  max_steps: z.int().min(1).max(TOOL_LIMITS.stepsMax),
  tool_timeout_seconds: z.int().min(1).max(TOOL_LIMITS.toolTimeoutMaxSeconds),
  /** Every plan (archived ones too: their subscribers keep them), in display order. */
  plans: z.array(AdminToolPlanAccess),
  updated_at: IsoTimestamp.nullable(),
});
export type AdminToolSettings = z.infer<typeof AdminToolSettings>;

/** PATCH /admin/tools: only the fields sent change. */
export const UpdateToolSettingsRequest = z
  .object({
    /** Changing the provider drops the previous provider's key and base URL unless sent too. */
    web_search_provider: WebSearchProvider.nullable().optional(),
    web_search_base_url: HttpUrl.nullable().optional(),
    web_search_api_key: WebSearchApiKey.optional(),
    clear_web_search_api_key: z.literal(true).optional(),
    max_steps: z
      .int('max_steps: must be a whole number')
      .min(1, 'max_steps: must be at least 1')
      .max(TOOL_LIMITS.stepsMax, `max_steps: must be at most ${TOOL_LIMITS.stepsMax}`)
      .optional(),
    tool_timeout_seconds: z
      .int('tool_timeout_seconds: must be a whole number')
      .min(1, 'tool_timeout_seconds: must be at least 1')
      .max(
        TOOL_LIMITS.toolTimeoutMaxSeconds,
        `tool_timeout_seconds: must be at most ${TOOL_LIMITS.toolTimeoutMaxSeconds}`,
      )
      .optional(),
    plans: z.array(ToolPlanAccess).max(TOOL_SETTINGS_LIMITS.plansMax).optional(),
  })
  .strict()
  .refine((body) => !(body.web_search_api_key !== undefined && body.clear_web_search_api_key), {
    message: 'web_search_api_key: send either a new key or clear_web_search_api_key, not both',
    path: ['web_search_api_key'],
  });
export type UpdateToolSettingsRequest = z.infer<typeof UpdateToolSettingsRequest>;
