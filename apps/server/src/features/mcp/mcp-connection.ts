import { MCP_LIMITS, type McpHealth } from '@parallax/contract';
import {
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { OutboundRoute } from '../../infra/outbound/outbound-client';
import { fetchThrough } from './mcp-fetch';
import type { McpServerSpec } from './mcp-server-spec';

const CLIENT_INFO = { name: 'parallax', version: '1.0.0' };
/** Connecting and listing: a server that takes longer is reported as failing. */
const CONNECT_TIMEOUT_MS = 15_000;
/** Reconnection after a failure: the first wait, doubled each failure up to the cap. */
export interface McpBackoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: McpBackoff = { firstMs: 1_000, maxMs: 5 * 60_000 };

/** The wait before the `failures`-th retry: doubling, capped, jittered ±20% (no herd). */
export function backoffDelay(backoff: McpBackoff, failures: number, random = Math.random): number {
  const wait = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, failures - 1));
  return Math.max(1, Math.round(wait * (0.8 + 0.4 * random())));
}
/** Pages of a listing read at most (bounded work per connection). */
const LIST_PAGES_MAX = 5;

/** The transport's words for a stream that broke (not a single failed request). */
const BROKEN_STREAM = /^(SSE stream disconnected|Failed to reconnect|Maximum reconnection)/;

const SIGN_IN = 'Sign in to use this server.';

/** A failure whose message is safe to show (no secrets, no stack). */
export class McpUnavailable extends Error {
  override readonly name = 'McpUnavailable';
}

export interface McpListing {
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  instructions: string | null;
}

const EMPTY: McpListing = { tools: [], prompts: [], resources: [], instructions: null };

/** What is safe to say of a failure to connect or call (never the headers or a stack). */
export function reasonOf(error: unknown): string {
  if (error instanceof McpUnavailable) return error.message;
  if (error instanceof StreamableHTTPError && error.code === 401)
    return 'The server refused the credentials (401).';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && code >= 400 && code < 600) return `The server answered ${code}.`;
  const message = error instanceof Error ? error.message : String(error);
  if (/private|refused to connect|not allowed/i.test(message) && /address/i.test(message))
    return 'The address is not allowed (a private network).';
  if (/ECONNREFUSED/.test(message)) return 'Nothing answers at that address.';
  if (/ENOTFOUND/.test(message)) return 'The host name does not resolve.';
  if (/timed? ?out/i.test(message)) return 'The server did not answer in time.';
  if (/closed/i.test(message)) return 'The connection closed.';
  return 'The server could not be reached.';
}

async function listAll<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
  max: number,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < LIST_PAGES_MAX && out.length < max; n += 1) {
    const { items, nextCursor } = await page(cursor);
    out.push(...items);
    if (!nextCursor) break;
    cursor = nextCursor;
  }
  return out.slice(0, max);
}

/**
 * One live connection to one MCP server, opened when first used: its listing, its health, and
 * reconnection with back-off after a failure: a timer (unref'd: it never keeps the process up)
 * tries again at `retry_at`, so the health shown moves back to connected without a turn; until
 * then uses fail at once with the reason. A success resets the back-off; close() stops the
 * timer (server removed or disabled, app closing). Needing sign-in is not retried: a person
 * must act. `notifications/tools/list_changed` re-lists tools.
 */
export class McpConnection {
  #client: Client | null = null;
  #connecting: Promise<Client> | null = null;
  #listing: McpListing = EMPTY;
  #health: McpHealth = { state: 'idle', reason: null, since: null, retry_at: null };
  #failures = 0;
  #closed = false;
  #retryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly spec: McpServerSpec,
    private readonly route: OutboundRoute,
    private readonly oauth: (onRedirect: () => void) => OAuthClientProvider | undefined = () =>
      undefined,
    private readonly onChange: () => void = () => undefined,
    private readonly backoff: McpBackoff = DEFAULT_BACKOFF,
  ) {}

  get health(): McpHealth {
    return this.#health;
  }

  get listing(): McpListing {
    return this.#listing;
  }

  /** The connected client, connecting first if need be. Throws McpUnavailable. */
  async ready(): Promise<Client> {
    if (this.#closed) throw new McpUnavailable('The server was removed.');
    // A connection still listing is not ready yet: its callers wait for the listing too.
    if (this.#connecting) return this.#connecting;
    if (this.#client) return this.#client;
    const retryAt = this.#health.retry_at === null ? 0 : Date.parse(this.#health.retry_at);
    if (this.#health.state === 'failing' && retryAt > Date.now())
      throw new McpUnavailable(this.#health.reason ?? 'The server could not be reached.');
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  /** Connects if it can and answers the listing (empty when the server cannot be reached). */
  async refresh(force = false): Promise<McpListing> {
    if (force && this.#health.state === 'failing')
      this.#health = { ...this.#health, retry_at: null };
    try {
      await this.ready();
    } catch {
      // The health says why.
    }
    return this.#listing;
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; timeoutMs: number; onProgress: (note: string) => void },
  ): Promise<CallToolResult> {
    const client = await this.ready();
    const result = await client.callTool({ name, arguments: args }, undefined, {
      signal: options.signal,
      timeout: options.timeoutMs,
      resetTimeoutOnProgress: false,
      onprogress: (progress) => {
        const share =
          progress.total !== undefined && progress.total > 0
            ? `${Math.round((progress.progress / progress.total) * 100)}%`
            : String(progress.progress);
        const message = typeof progress.message === 'string' ? progress.message : '';
        options.onProgress(
          (message ? `${message} (${share})` : share).slice(0, MCP_LIMITS.progressChars),
        );
      },
    });
    return result as CallToolResult;
  }

  /** A prompt's messages, filled with `args` (prompts/get). */
  async getPrompt(name: string, args: Record<string, string>): Promise<GetPromptResult> {
    const client = await this.ready();
    return client.getPrompt({ name, arguments: args }, { timeout: CONNECT_TIMEOUT_MS });
  }

  /** A resource's contents (resources/read). */
  async readResource(uri: string): Promise<ReadResourceResult> {
    const client = await this.ready();
    return client.readResource({ uri }, { timeout: CONNECT_TIMEOUT_MS });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopRetrying();
    const client = this.#client;
    this.#client = null;
    await client?.close().catch(() => undefined);
  }

  #set(health: Omit<McpHealth, 'since'>): void {
    this.#health = { ...health, since: new Date().toISOString() };
    this.onChange();
  }

  async #connect(): Promise<Client> {
    let signInNeeded = false;
    const authProvider =
      this.spec.auth === 'oauth'
        ? this.spec.oauth === null
          ? undefined
          : this.oauth(() => {
              signInNeeded = true;
            })
        : undefined;
    if (this.spec.auth === 'oauth' && (!authProvider || !(await authProvider.tokens()))) {
      this.#set({ state: 'needs_sign_in', reason: SIGN_IN, retry_at: null });
      throw new McpUnavailable(SIGN_IN);
    }
    this.#set({ state: 'connecting', reason: null, retry_at: null });
    try {
      const client = await this.#open(
        this.spec.transport === 'sse' ? 'sse' : 'primary',
        authProvider,
      );
      this.#client = client;
      this.#failures = 0;
      this.#stopRetrying();
      this.#listing = await this.#list(client);
      this.#set({ state: 'connected', reason: null, retry_at: null });
      return client;
    } catch (error) {
      const client = this.#client;
      this.#client = null;
      await client?.close().catch(() => undefined);
      if (signInNeeded || error instanceof UnauthorizedError) {
        this.#set({ state: 'needs_sign_in', reason: SIGN_IN, retry_at: null });
        throw new McpUnavailable(SIGN_IN);
      }
      this.#fail(error);
      throw new McpUnavailable(this.#health.reason ?? 'The server could not be reached.');
    }
  }

  #fail(error: unknown): void {
    this.#failures += 1;
    const wait = backoffDelay(this.backoff, this.#failures);
    this.#set({
      state: 'failing',
      reason: reasonOf(error),
      retry_at: new Date(Date.now() + wait).toISOString(),
    });
    this.#stopRetrying();
    if (this.#closed) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      // refresh(true): the timer is the retry `retry_at` announced, whatever the clock says.
      if (!this.#closed && this.#client === null) void this.refresh(true);
    }, wait);
    this.#retryTimer.unref();
  }

  #stopRetrying(): void {
    if (this.#retryTimer === null) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }

  /** Streamable HTTP first; a server that refuses it with 404/405 is tried over SSE. */
  async #open(kind: 'primary' | 'sse', authProvider?: OAuthClientProvider): Promise<Client> {
    const client = new Client(CLIENT_INFO, {
      capabilities: {},
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (error || tools === null) return;
            this.#listing = {
              ...this.#listing,
              tools: tools.slice(0, MCP_LIMITS.toolsPerServerMax),
            };
            this.onChange();
          },
        },
      },
    });
    // A stream cut mid-call leaves the SDK's request waiting for an answer that cannot come:
    // the connection is dropped instead, which fails the calls at once (reconnected on next use).
    client.onerror = (error) => {
      if (this.#client !== client || !BROKEN_STREAM.test(error.message)) return;
      void client.close();
    };
    client.onclose = () => {
      if (this.#client !== client || this.#closed) return;
      this.#client = null;
      this.#fail(new McpUnavailable('The connection closed.'));
    };
    try {
      await client.connect(this.#transport(kind, authProvider), { timeout: CONNECT_TIMEOUT_MS });
    } catch (error) {
      await client.close().catch(() => undefined);
      const code = (error as { code?: unknown }).code;
      if (kind === 'primary' && this.spec.url !== null && (code === 404 || code === 405))
        return this.#open('sse', authProvider);
      throw error;
    }
    return client;
  }

  #transport(kind: 'primary' | 'sse', authProvider?: OAuthClientProvider): Transport {
    const { spec } = this;
    if (spec.transport === 'stdio' && spec.stdio) {
      return new StdioClientTransport({
        command: spec.stdio.command,
        args: spec.stdio.args,
        env: { PATH: process.env.PATH ?? '', ...spec.stdio.env },
        stderr: 'ignore',
      });
    }
    if (spec.url === null) throw new McpUnavailable('The server has no address.');
    const url = new URL(spec.url);
    const fetch = fetchThrough(this.route);
    const options = {
      fetch,
      requestInit: { headers: spec.headers },
      ...(authProvider && { authProvider }),
    };
    return kind === 'sse'
      ? new SSEClientTransport(url, options)
      : new StreamableHTTPClientTransport(url, options);
  }

  async #list(client: Client): Promise<McpListing> {
    const capabilities = client.getServerCapabilities() ?? {};
    const options = { timeout: CONNECT_TIMEOUT_MS };
    const [tools, prompts, resources] = await Promise.all([
      capabilities.tools
        ? listAll(async (cursor) => {
            const r = await client.listTools(cursor ? { cursor } : {}, options);
            return { items: r.tools, nextCursor: r.nextCursor };
          }, MCP_LIMITS.toolsPerServerMax)
        : [],
      capabilities.prompts
        ? listAll(async (cursor) => {
            const r = await client.listPrompts(cursor ? { cursor } : {}, options);
            return { items: r.prompts, nextCursor: r.nextCursor };
          }, 100)
        : [],
      capabilities.resources
        ? listAll(async (cursor) => {
            const r = await client.listResources(cursor ? { cursor } : {}, options);
            return { items: r.resources, nextCursor: r.nextCursor };
          }, 100)
        : [],
    ]);
    return {
      tools,
      prompts,
      resources,
      instructions: client.getInstructions()?.slice(0, MCP_LIMITS.descriptionChars) ?? null,
    };
  }
}
