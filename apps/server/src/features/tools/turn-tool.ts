import type { ChatMcpChoice, ToolCallMcpInfo } from '@parallax/contract';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { ToolSpec } from '../../providers/chat-types';

/*
 * What the turn's step loop needs from tools (issue 36). The tools feature registers the
 * built-in tools (web search, read a page) and decides which a turn may use; the loop runs the
 * calls the model makes and never imports a tool itself.
 */

/** A document a tool found (a search result, the page it read): the answer cites it by number. */
export interface ToolDocument {
  title: string;
  url: string;
  /** What the model is given of it (a snippet, the page's main text), untrusted. */
  text: string;
}

/** A tool call's outcome. The loop caps what goes back to the model (TOOL_LIMITS.resultChars). */
export interface ToolResult {
  /** Plain text for the model, for a tool whose result is not documents. */
  text?: string;
  /**
   * Documents, numbered by the loop as the answer's citations and given to the model as
   * `[n] title (url)` followed by their text.
   */
  documents?: ToolDocument[];
}

/** A change of a running call's row that the tool makes (shown live and stored). */
export interface ToolRowChange {
  /** `awaiting_approval` while the owner is asked; back to `running` once allowed. */
  status?: 'running' | 'awaiting_approval';
  /** The latest progress note (untrusted text, capped by the ledger). */
  progress?: string;
  mcp?: ToolCallMcpInfo;
}

export interface ToolRunContext {
  /** Aborted on Stop or when the call's time is up: the tool gives up at once. */
  signal: AbortSignal;
  owner: ChatOwner;
  /** The call and the answer it belongs to (approvals are keyed by them). */
  call: { id: string; messageId: string; conversationId: string | null };
  /** Publishes a change of the call's row. */
  update(change: ToolRowChange): void;
  /**
   * Runs `wait` with the call's own time limit paused (the owner's answer has its own limit);
   * Stop still ends it.
   */
  outsideTimeout<T>(wait: () => Promise<T>): Promise<T>;
}

/** A failure the tool's row shows as it is (timeouts, refused addresses, an upstream's error). */
export class ToolFailure extends Error {
  override readonly name: string = 'ToolFailure';
}

/** The owner said no (or did not answer in time): the row says denied, the model is told so. */
export class ToolDenied extends ToolFailure {
  override readonly name = 'ToolDenied';
}

export interface TurnTool {
  /** What the model is offered: name, description, JSON Schema of the arguments. */
  spec: ToolSpec;
  /** Runs one call; `args` is the model's arguments, parsed (an object). Throws ToolFailure. */
  run(args: Record<string, unknown>, context: ToolRunContext): Promise<ToolResult>;
}

/** The admin's bounds on a turn's step loop (AI management → Tools). */
export interface ToolLoopSettings {
  /** Model calls one answer may take (TOOL_LIMITS.stepsDefault). */
  maxSteps: number;
  /** Milliseconds one tool call may run before it fails as timed out. */
  toolTimeoutMs: number;
}

/** What a turn asks for: the chat's toggles and where the turn lives. */
export interface TurnToolsQuery {
  owner: ChatOwner;
  /** The chat's Web search toggle (chat settings `web_search`). */
  webSearch: boolean;
  /** A vault turn: tools only as the chat's toggle allows, never by default. */
  vault: boolean;
  /** The chat's MCP servers and tools turned off among them (chat settings `mcp`); absent: none. */
  mcp?: ChatMcpChoice;
}

/** The tools feature as the turn sees it. */
export interface TurnToolbox {
  loopSettings(): Promise<ToolLoopSettings>;
  /** The tools this turn may offer the model: the toggles, the owner's plan and the admin's setup. */
  toolsFor(query: TurnToolsQuery): Promise<TurnTool[]>;
}
