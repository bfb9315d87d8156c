import type { Citation, ToolCallView } from '@parallax/contract';
import type { ChatOwner } from '../../../infra/auth/chat-owner';
import type { ChatTurn, ToolCall } from '../../../providers/chat-types';
import {
  ToolDenied,
  ToolFailure,
  type ToolLoopSettings,
  type ToolResult,
  type ToolRunContext,
  type TurnTool,
} from '../../tools';
import type { CallOutcome, ToolLedger } from './tool-ledger';
import { capText, documentsText, framedFailure, framedResult } from './tool-result-text';

/** What running one step's calls needs: the turn's tools, bounds, Stop, and where rows go. */
export interface StepCallsContext {
  tools: ReadonlyMap<string, TurnTool>;
  settings: ToolLoopSettings;
  owner: ChatOwner;
  /** The answer the calls belong to and its chat (approvals are keyed by them). */
  messageId: string;
  conversationId: string | null;
  /** The turn's Stop: running calls are cancelled and the loop ends at once. */
  signal: AbortSignal;
  ledger: ToolLedger;
  /** A row started or changed (the `ai_tool` event, and the partial write of the rows). */
  changed: (row: ToolCallView, citations: readonly Citation[]) => void;
  /** A tool broke in a way it did not describe (a bug): logged, the row says only that it failed. */
  unexpected?: (error: unknown, tool: string) => void;
}

/** Thrown when Stop came while the step's tools ran: the answer ends cancelled. */
export class ToolsStopped extends Error {
  override readonly name = 'ToolsStopped';
}

const TOOL_BROKE = 'The tool failed.';
/** Calls one step may run at once (bounded work per turn); the rest fail and the model is told. */
export const MAX_CALLS_PER_STEP = 8;
const TOO_MANY = `Not run: at most ${MAX_CALLS_PER_STEP} tool calls run in one step.`;

function timedOut(settings: ToolLoopSettings): string {
  const seconds = Number((settings.toolTimeoutMs / 1000).toFixed(1));
  return `Timed out after ${seconds} s`;
}
const STOPPED = 'Stopped.';

function parsedArguments(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text.trim() === '' ? '{}' : text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A call's time limit, which a wait for the owner's approval pauses (that wait has its own
 * limit): the time left is kept and runs again once the wait ends.
 */
function callClock(limitMs: number, expire: () => void) {
  let left = limitMs;
  let since = performance.now();
  let timer: NodeJS.Timeout | undefined = setTimeout(expire, left);
  return {
    async paused<T>(wait: () => Promise<T>): Promise<T> {
      if (timer === undefined) return wait();
      clearTimeout(timer);
      timer = undefined;
      left -= performance.now() - since;
      try {
        return await wait();
      } finally {
        since = performance.now();
        timer = setTimeout(expire, Math.max(0, left));
      }
    },
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Resolves when `signal` aborts (never rejects); the listener goes when `until` settles. */
function aborted(signal: AbortSignal, until: Promise<unknown>): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve('aborted');
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => signal.removeEventListener('abort', onAbort);
    until.then(cleanup, cleanup);
  });
}

/** One call, whatever the tool does with its signal: it ends by its time limit or Stop. */
async function runOne(
  step: number,
  call: ToolCall,
  context: StepCallsContext,
  ran: { first: number; last: number },
  overLimit: boolean,
): Promise<{ turn: ChatTurn; outcome: CallOutcome }> {
  const { ledger, settings } = context;
  context.changed(ledger.start(step, call), []);
  const tool = context.tools.get(call.name);
  const args = parsedArguments(call.arguments);
  let outcome: CallOutcome;
  let forModel: string;
  if (overLimit) {
    outcome = { status: 'error', error: TOO_MANY };
    forModel = framedFailure(call.name, outcome.error);
  } else if (!tool) {
    outcome = { status: 'error', error: `There is no tool named "${call.name.slice(0, 128)}".` };
    forModel = framedFailure(call.name, outcome.error);
  } else if (args === null) {
    outcome = { status: 'error', error: 'The arguments were not a JSON object.' };
    forModel = framedFailure(call.name, outcome.error);
  } else {
    const timeout = new AbortController();
    const clock = callClock(settings.toolTimeoutMs, () => timeout.abort());
    const signal = AbortSignal.any([context.signal, timeout.signal]);
    ran.first = Math.min(ran.first, performance.now());
    const runContext: ToolRunContext = {
      signal,
      owner: context.owner,
      call: { id: call.id, messageId: context.messageId, conversationId: context.conversationId },
      update: (change) => {
        const row = ledger.update(call.id, change);
        if (row !== null) context.changed(row, []);
      },
      outsideTimeout: (wait) => clock.paused(wait),
    };
    const running = tool.run(args, runContext);
    try {
      const result = await Promise.race([running, aborted(signal, running)]);
      ran.last = Math.max(ran.last, performance.now());
      if (result === 'aborted') {
        running.catch(() => undefined);
        outcome = context.signal.aborted
          ? { status: 'cancelled', error: STOPPED }
          : { status: 'error', error: timedOut(settings) };
        forModel = framedFailure(call.name, outcome.error);
      } else {
        ({ outcome, forModel } = completed(call.name, result, ledger));
      }
    } catch (error) {
      ran.last = Math.max(ran.last, performance.now());
      if (context.signal.aborted) outcome = { status: 'cancelled', error: STOPPED };
      else if (timeout.signal.aborted) outcome = { status: 'error', error: timedOut(settings) };
      else if (error instanceof ToolDenied) outcome = { status: 'denied', error: error.message };
      else if (error instanceof ToolFailure) outcome = { status: 'error', error: error.message };
      else {
        context.unexpected?.(error, call.name);
        outcome = { status: 'error', error: TOOL_BROKE };
      }
      forModel = framedFailure(call.name, outcome.error);
    } finally {
      clock.stop();
    }
  }
  // Stop while it ran: the row was (or will be) cancelled with the others.
  if (!context.signal.aborted || outcome.status !== 'cancelled') {
    const row = ledger.finish(call.id, outcome);
    context.changed(row, outcome.status === 'completed' ? outcome.citations : []);
  }
  return {
    outcome,
    turn: {
      role: 'tool',
      toolCallId: call.id,
      name: call.name,
      content: forModel,
      ...(outcome.status === 'completed' ? {} : { isError: true }),
    },
  };
}

function completed(
  toolName: string,
  result: ToolResult,
  ledger: ToolLedger,
): { outcome: CallOutcome; forModel: string } {
  const cited = ledger.cite(result.documents ?? []);
  const parts = [result.text ?? '', documentsText(cited)].filter((part) => part !== '');
  const text = parts.join('\n\n') || '(no results)';
  const citations = cited
    .map(({ index }) => ledger.citations.find((c) => c.index === index))
    .filter((c): c is Citation => c !== undefined)
    .filter((c, i, all) => all.findIndex((o) => o.index === c.index) === i);
  return {
    outcome: { status: 'completed', result: capText(text), citations },
    forModel: framedResult(toolName, text),
  };
}

/**
 * Runs one step's calls at once, each bounded by the admin's per-tool time, and answers one
 * `tool` turn per call in the calls' order, and how long the tools themselves ran. A call that fails (bad arguments, an unknown tool,
 * its time up, the tool's own error) says so in its row and to the model; the others go on.
 * Stop ends it at once: the running rows are cancelled and ToolsStopped is thrown.
 */
export async function runStepCalls(
  step: number,
  calls: readonly ToolCall[],
  context: StepCallsContext,
): Promise<{ turns: ChatTurn[]; toolsMs: number }> {
  // When the step's tools ran (the first start to the last end): the rest is the server's own.
  const ran = { first: Infinity, last: -Infinity };
  const all = Promise.all(
    calls.map((call, index) => runOne(step, call, context, ran, index >= MAX_CALLS_PER_STEP)),
  );
  const first = await Promise.race([all, aborted(context.signal, all)]);
  if (first === 'aborted' || context.signal.aborted) {
    all.catch(() => undefined);
    for (const row of context.ledger.cancelRunning(STOPPED)) context.changed(row, []);
    throw new ToolsStopped('Stopped during a tool call');
  }
  return {
    turns: first.map((r) => r.turn),
    toolsMs: ran.last >= ran.first ? ran.last - ran.first : 0,
  };
}
