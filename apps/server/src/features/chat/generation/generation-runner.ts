import {
  MESSAGES,
  STREAM_ERROR_CODES,
  type Citation,
  type MessageSource,
  type ToolCallView,
} from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { NO_CHAT_METRICS, type ChatMetrics } from '../../../infra/metrics/server-metrics';
import { ContextError } from '../../../providers/context';
import { isProviderError } from '../../../providers/provider-error';
import type { ChatOwner } from '../../../infra/auth/chat-owner';
import type { ChatTurn, ToolCall } from '../../../providers/chat-types';
import type { MessageStreamPublisher } from '../../../realtime/stream-publisher';
import { runStepCalls } from '../tool-steps/step-calls';
import { ToolLedger } from '../tool-steps/tool-ledger';
import type { MessageRow, MessagesRepository } from '../messages.repository';
import type { PartialAnswers, SealResponse } from './partial-answers';
import type { UpstreamAnswer } from './upstream-answer';

export type GenerationOutcome = 'completed' | 'cancelled' | 'error' | 'interrupted';

export interface GenerationJob {
  row: MessageRow;
  processId: string;
  publisher: MessageStreamPublisher;
  partials: PartialAnswers;
  /** The upstream request: opened now, or already under way since before the turn was stored. */
  answer: () => Promise<UpstreamAnswer>;
  /** Who the turn's tools run for (a web search's owner, a page read's). */
  owner: ChatOwner;
  signal: AbortSignal;
  /** True when the abort means "this process is stopping", not "the user cancelled". */
  isShutdown: () => boolean;
  /**
   * What the answer's text becomes before each write (the final one and every partial one):
   * a vault turn seals it. Absent: the text is stored as it is.
   */
  sealResponse?: SealResponse;
  /** As `sealResponse`, for the answer's tool rows and citations (JSON text). */
  sealToolRecord?: (field: 'tool_calls' | 'citations', json: string) => string;
  /**
   * Continue: the answer's text so far. The stream goes on from it (its replay starts with it,
   * so a client that resumes from the start shows the whole answer) and the stored answer grows.
   */
  prefix?: {
    text: string;
    inputTokens: number;
    outputTokens: number;
    /** The tool rows and citations of the answer so far: kept, and later ones follow them. */
    tool_calls?: ToolCallView[];
    citations?: Citation[];
  };
  /** Upkeep of a turn that ends with an answer (completed or cancelled), in the same transaction. */
  onAnswered?: (db: Kysely<Database>) => Promise<void>;
}

interface Failure {
  text: string;
  code: string;
  details?: string;
}

/** messages.sources: JSON of the files drawn on, null when none (most turns). */
function sourcesColumn(sources: readonly MessageSource[]): string | null {
  return sources.length > 0 ? JSON.stringify(sources) : null;
}

/**
 * Provider faults keep the provider's wording; anything else (the bus or the database failed
 * mid-answer, or a bug) is the service's own, and says so.
 */
function failureOf(error: unknown): Failure {
  if (error instanceof ContextError) return { text: error.message, code: error.code };
  if (isProviderError(error))
    return { text: error.message, code: error.code, details: error.provider };
  return { text: MESSAGES.streamErrorServer, code: STREAM_ERROR_CODES.serverError };
}

/**
 * Produces one answer: context from the earlier turns, the provider's stream forwarded token by
 * token to the bus, the partial text persisted while it grows, and one final state in the
 * database (completed, cancelled with the partial text, or error with a user-safe text).
 */
export class GenerationRunner {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: ChatMetrics = NO_CHAT_METRICS,
  ) {}

  async run(job: GenerationJob): Promise<GenerationOutcome> {
    const { row, publisher, processId, partials } = job;
    let response = job.prefix?.text ?? '';
    let added = false;
    // Timings the compare leaderboard averages (time to first token, tokens per second), from
    // when the request was sent and when tokens arrived: an answer started early, while its
    // turn was being stored, is read later than it arrives.
    let sentAt = Date.now();
    let firstTokenAt: number | null = null;
    let lastTokenAt: number | null = null;
    const { sealResponse } = job;
    const persist = (changes: Parameters<MessagesRepository['update']>[1]) => {
      // The final state replaces any partial answer still waiting to be written.
      partials.forget(row.id);
      const { response: text } = changes;
      return this.messages.updateRunning(
        row.id,
        processId,
        {
          ...changes,
          ...(sealResponse && typeof text === 'string' ? { response: sealResponse(text) } : {}),
          updated_at: new Date().toISOString(),
        },
        changes.status === 'error' ? undefined : job.onAnswered,
      );
    };
    const ledger = new ToolLedger(job.prefix?.tool_calls, job.prefix?.citations);
    // A continued answer's steps are numbered on from its first part's.
    const firstStep = Math.max(-1, ...(job.prefix?.tool_calls ?? []).map((c) => c.step)) + 1;
    const toolColumns = () => {
      const columns = ledger.columns();
      const seal = job.sealToolRecord;
      if (!seal) return columns;
      return {
        tool_calls: columns.tool_calls === null ? null : seal('tool_calls', columns.tool_calls),
        citations: columns.citations === null ? null : seal('citations', columns.citations),
      };
    };
    // The rows are written as they change (a reload mid-turn shows them), one write at a time,
    // not awaited by the loop; the final write carries them too.
    let rowsWritten: Promise<unknown> = Promise.resolve();
    const writeRows = () => {
      rowsWritten = rowsWritten
        .then(() =>
          this.messages.updateRunning(row.id, processId, {
            ...toolColumns(),
            status: 'streaming',
          }),
        )
        .catch((error: unknown) =>
          this.log.warn({ err: error, messageId: row.id }, 'writing tool rows failed'),
        );
    };
    let stopUpstream: (() => void) | undefined;
    // Known once the context is built; kept with the answer whether it completes or stops.
    let sources: MessageSource[] = [];
    let chunks = 0;
    // The provider's output-token count once it reports usage; until then, text chunks seen.
    let streamedTokens = () => chunks;
    try {
      publisher.status('initializing');
      if (job.prefix) publisher.token(job.prefix.text);
      // A continued answer's tokens add to what its first part used.
      let usage = {
        inputTokens: job.prefix?.inputTokens ?? 0,
        outputTokens: job.prefix?.outputTokens ?? 0,
      };
      let finishReason: string | null = null;
      streamedTokens = () => usage.outputTokens || chunks;
      // Steps: one model call each; a later step follows the tool calls of the one before.
      let next: Promise<UpstreamAnswer> | null = job.answer();
      let turns: ChatTurn[] = [];
      for (let step = 0; next !== null; step += 1) {
        const answer: UpstreamAnswer = await next;
        if (step === 0) sentAt = answer.sentAt;
        sources = [...sources, ...answer.sources];
        if (stopUpstream) job.signal.removeEventListener('abort', stopUpstream);
        stopUpstream = () => answer.abort();
        if (job.signal.aborted) answer.abort();
        else job.signal.addEventListener('abort', stopUpstream, { once: true });
        if (step === 0) {
          publisher.status('processing');
          publisher.progress(50, 'Context ready');
          publisher.status('working', { stage: 'Waiting for the model' });
        }
        const before = usage;
        const calls: ToolCall[] = [];
        let stepText = '';
        for await (const event of answer.stream) {
          if (event.type === 'tool_call') calls.push(event.call);
          else if (event.type === 'text') {
            // A later step's text starts a new paragraph of the one answer.
            const text =
              stepText === '' && step > 0 && response !== '' && !/\s$/.test(response)
                ? `\n\n${event.text}`
                : event.text;
            stepText += event.text;
            lastTokenAt = event.receivedAt ?? Date.now();
            if (!added) {
              added = true;
              firstTokenAt = lastTokenAt;
              publisher.status('streaming');
            }
            response += text;
            chunks += 1;
            publisher.token(text);
            partials.set(row.id, response, sealResponse);
          } else if (event.type === 'usage') {
            // A stream's last report is its total; the steps before it add theirs.
            usage = {
              inputTokens: before.inputTokens + event.inputTokens,
              outputTokens: before.outputTokens + event.outputTokens,
            };
          } else if (event.type === 'finish') finishReason = event.reason;
        }
        next = null;
        const { tools } = answer;
        if (calls.length === 0 || tools === null || step + 1 >= tools.settings.maxSteps) continue;
        const streamEnded = performance.now();
        const ran = await runStepCalls(firstStep + step, calls, {
          tools: new Map(tools.tools.map((t) => [t.spec.name, t])),
          settings: tools.settings,
          owner: job.owner,
          messageId: row.id,
          conversationId: row.conversation_id,
          signal: job.signal,
          ledger,
          changed: (call, citations) => {
            publisher.tool(call, citations);
            writeRows();
          },
          unexpected: (error, tool) =>
            this.log.error({ err: error, messageId: row.id, tool }, 'a tool failed'),
        });
        turns = [
          ...turns,
          { role: 'assistant', content: stepText, toolCalls: calls },
          ...ran.turns,
        ];
        next = answer.followUp(turns, step + 2 >= tools.settings.maxSteps);
        this.metrics.toolStep?.(ran.toolsMs, performance.now() - streamEnded);
      }
      await rowsWritten;
      await persist({
        status: 'completed',
        response,
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        finish_reason: finishReason,
        // A continued answer keeps its first part's timings (what the leaderboard compares).
        ...(job.prefix
          ? {}
          : {
              ttft_ms: firstTokenAt === null ? null : firstTokenAt - sentAt,
              stream_ms:
                firstTokenAt === null || lastTokenAt === null ? null : lastTokenAt - firstTokenAt,
            }),
        owner_process: null,
        sources: sourcesColumn(sources),
        ...toolColumns(),
      });
      await publisher.complete(undefined, sources, ledger.citations);
      return 'completed';
    } catch (error) {
      if (isProviderError(error) && error.kind !== 'cancelled')
        this.metrics.upstreamError(error.provider, error.kind);
      await rowsWritten;
      return this.#finishFailed(job, error, response, persist, sources, {
        columns: toolColumns(),
        ledger,
      });
    } finally {
      this.metrics.tokensStreamed(row.provider, streamedTokens());
      if (stopUpstream) job.signal.removeEventListener('abort', stopUpstream);
    }
  }

  async #finishFailed(
    job: GenerationJob,
    error: unknown,
    response: string,
    persist: (changes: Parameters<MessagesRepository['update']>[1]) => Promise<boolean>,
    sources: MessageSource[],
    tools: { columns: ReturnType<ToolLedger['columns']>; ledger: ToolLedger },
  ): Promise<GenerationOutcome> {
    const { publisher } = job;
    const aborted = job.signal.aborted || (isProviderError(error) && error.kind === 'cancelled');
    try {
      if (aborted && !job.isShutdown()) {
        await persist({
          status: 'cancelled',
          response,
          owner_process: null,
          sources: sourcesColumn(sources),
          ...tools.columns,
        });
        await publisher.complete('cancelled', sources, tools.ledger.citations);
        return 'cancelled';
      }
      const failure = aborted
        ? { text: MESSAGES.streamErrorService, code: STREAM_ERROR_CODES.interrupted }
        : failureOf(error);
      if (!isProviderError(error) && !(error instanceof ContextError) && !aborted) {
        this.log.error({ err: error, messageId: job.row.id }, 'generation failed');
      }
      await persist({
        status: 'error',
        response: response || null,
        error: failure.text,
        error_code: failure.code,
        owner_process: null,
        ...tools.columns,
      });
      await publisher.fail({
        error: failure.text,
        code: failure.code,
        ...(failure.details ? { details: failure.details } : {}),
      });
      return aborted ? 'interrupted' : 'error';
    } catch (inner) {
      this.log.error({ err: inner, messageId: job.row.id }, 'recording a failed generation failed');
      return 'error';
    }
  }
}
