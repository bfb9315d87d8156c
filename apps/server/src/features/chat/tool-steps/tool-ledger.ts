import { TOOL_LIMITS, type Citation, type ToolCallView } from '@parallax/contract';
import type { ToolCall } from '../../../providers/chat-types';
import type { ToolDocument, ToolRowChange } from '../../tools';

function isOpen(status: ToolCallView['status']): boolean {
  return status === 'running' || status === 'awaiting_approval';
}

/** What a finished call leaves in its row. */
export type CallOutcome =
  | { status: 'completed'; result: string; citations: readonly Citation[] }
  | { status: 'error' | 'cancelled' | 'denied'; error: string };

/** Characters of a progress note kept in a row. */
const PROGRESS_CHARS = 200;

function siteOf(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/**
 * The tool calls of one answer and the web sources they found, numbered across the whole turn
 * ("[1]" is the first document of the first call that returned any). The rows are what the
 * screen shows and what is stored with the answer; they change only through this ledger.
 */
export class ToolLedger {
  readonly #calls: ToolCallView[];
  readonly #citations: Citation[];
  readonly #startedAt = new Map<string, number>();

  /** `calls` and `citations`: those of the answer so far (a continued answer keeps them). */
  constructor(calls: readonly ToolCallView[] = [], citations: readonly Citation[] = []) {
    this.#calls = [...calls];
    this.#citations = [...citations];
  }

  get calls(): readonly ToolCallView[] {
    return this.#calls;
  }

  get citations(): readonly Citation[] {
    return this.#citations;
  }

  get isEmpty(): boolean {
    return this.#calls.length === 0;
  }

  /** A call of step `step` starts: its row, running. */
  start(step: number, call: ToolCall, now = Date.now()): ToolCallView {
    const row: ToolCallView = {
      id: call.id,
      step,
      name: call.name.slice(0, 128),
      arguments: call.arguments.slice(0, TOOL_LIMITS.argumentsChars),
      status: 'running',
      started_at: new Date(now).toISOString(),
    };
    this.#calls.push(row);
    this.#startedAt.set(call.id, now);
    return row;
  }

  /**
   * Numbers a call's documents as citations (a page already cited keeps its number) and
   * answers each document's number, in order. A document whose address is not http(s) is
   * given to the model unnumbered.
   */
  cite(
    documents: readonly ToolDocument[],
  ): Array<{ document: ToolDocument; index: number | null }> {
    return documents.map((document) => {
      let url: URL;
      try {
        url = new URL(document.url);
      } catch {
        return { document, index: null };
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { document, index: null };
      const known = this.#citations.find((c) => c.url === url.href);
      if (known) return { document, index: known.index };
      const citation: Citation = {
        index: Math.max(0, ...this.#citations.map((c) => c.index)) + 1,
        title: (document.title.trim() || siteOf(url)).slice(0, 500),
        url: url.href,
        site: siteOf(url).slice(0, 255),
      };
      this.#citations.push(citation);
      return { document, index: citation.index };
    });
  }

  /** A running call's row changed (waiting for approval, progress): the row as it is now. */
  update(id: string, change: ToolRowChange): ToolCallView | null {
    const index = this.#calls.findIndex((c) => c.id === id);
    const current = this.#calls[index];
    if (current === undefined || !isOpen(current.status)) return null;
    const { progress, ...rest } = change;
    const row: ToolCallView = {
      ...current,
      ...rest,
      ...(progress !== undefined && { progress: progress.slice(0, PROGRESS_CHARS) }),
    };
    if (change.status === 'running' && row.mcp?.approval_until !== undefined) {
      const { approval_until: _gone, ...mcp } = row.mcp;
      row.mcp = mcp;
    }
    this.#calls[index] = row;
    return row;
  }

  /** The call ended: its row's final state. */
  finish(id: string, outcome: CallOutcome, now = Date.now()): ToolCallView {
    const index = this.#calls.findIndex((c) => c.id === id);
    const current = this.#calls[index];
    if (current === undefined) throw new Error(`no tool call ${id}`);
    const started = this.#startedAt.get(id) ?? now;
    const { progress: _progress, ...settled } = current;
    const row: ToolCallView = {
      ...settled,
      status: outcome.status,
      duration_ms: Math.max(0, Math.round(now - started)),
      ...(outcome.status === 'completed'
        ? {
            result: outcome.result.slice(0, TOOL_LIMITS.storedResultChars),
            ...(outcome.citations.length > 0
              ? { citations: outcome.citations.map((c) => c.index) }
              : {}),
          }
        : { error: outcome.error }),
    };
    this.#calls[index] = row;
    return row;
  }

  /** Every call still running is cancelled (Stop): the rows as they changed. */
  cancelRunning(reason: string, now = Date.now()): ToolCallView[] {
    return this.#calls
      .filter((c) => isOpen(c.status))
      .map((c) => this.finish(c.id, { status: 'cancelled', error: reason }, now));
  }

  /** The columns as stored (null when the answer called no tool). */
  columns(): { tool_calls: string | null; citations: string | null } {
    return {
      tool_calls: this.#calls.length > 0 ? JSON.stringify(this.#calls) : null,
      citations: this.#citations.length > 0 ? JSON.stringify(this.#citations) : null,
    };
  }
}
