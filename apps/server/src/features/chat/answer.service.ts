import { HTTP, type ChatMcpChoice, type MessageResponse } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { ownerKey } from '../../infra/auth/chat-owner';
import type { Bus } from '../../infra/bus/bus';
import { AppError } from '../../infra/errors';
import { MessageStreamPublisher } from '../../realtime/stream-publisher';
import type { AttachmentsService } from '../attachments';
import type { ConversationsService } from '../conversations';
import type { LimitsService } from '../limits';
import type { ResolvedModel } from '../models/models.service';
import type { TurnToolbox } from '../tools';
import type {
  GenerationJob,
  GenerationOutcome,
  GenerationRunner,
} from './generation/generation-runner';
import type { Generations } from './generation/generations';
import {
  openUpstreamAnswer,
  type AnswerInput,
  type TurnTools,
  type UpstreamAnswer,
} from './generation/upstream-answer';
import { messageLog } from '../../realtime/stream-envelope';
import { PLAIN_FORM, type StoredForm } from './turn/stored-form';
import { storedTurnToOpen, type TurnToOpen } from './turn/turn-to-open';
import type { TurnRefunds } from './turn/turn-refunds';
import type { TurnSources } from './turn/turn-sources';
import type { ChatTitles } from './titles/chat-titles.service';
import { MessagesRepository, RUNNING_STATUSES, type MessageRow } from './messages.repository';
import { toMessageResponse } from './message-view';

export type { TurnToOpen } from './turn/turn-to-open';

export const MESSAGE_NOT_FOUND = 'Message not found';
const WAIT_POLL_MS = 200;

export interface SendContext {
  owner: ChatOwner;
  /** X-Connection-Id, when it names a live socket of the owner. */
  liveConnectionId: string | null;
  /** Files uploaded with the send (already stored, not yet linked). */
  attachmentIds?: readonly string[];
}

export function isRunning(status: string): boolean {
  return (RUNNING_STATUSES as readonly string[]).includes(status);
}

export interface AnswerDeps {
  bus: Bus;
  limits: LimitsService;
  conversations: ConversationsService;
  generations: Generations;
  attachments: AttachmentsService;
  runner: GenerationRunner;
  /** The registered sources of turn context (app.turnSources). */
  sources: TurnSources;
  refunds: TurnRefunds;
  /** Titles written by a model after a chat's first answer (the admin's choice). */
  titles: ChatTitles;
  /** The tools a turn may offer the model (app.turnToolbox). */
  toolbox: TurnToolbox;
  log: FastifyBaseLogger;
}

/** How a stored turn's generation runs (the stages after it is stored). */
export interface TurnRun {
  owner: ChatOwner;
  /** The live socket the answer streams to, or null. */
  target: string | null;
  attempt: string;
  answer: () => Promise<UpstreamAnswer>;
  form: StoredForm;
  /** Continue: the answer so far, which the stored answer grows from. */
  prefix?: GenerationJob['prefix'];
}

const NO_SOURCES = () => Promise.resolve({ system: '', excerpts: [], parameters: {} });

/**
 * Answering a stored turn: assembling its context (earlier turns, files, the registered
 * sources), running its generation in steps, storing the answer through the turn's stored
 * form, publishing it, and the upkeep after it (the conversation, the refund of a failed turn).
 */
export class AnswerService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly deps: AnswerDeps,
  ) {}

  /** Opens the upstream request of a stored turn (a retry, a send with files, a busy moment). */
  openStored(
    row: MessageRow,
    model: ResolvedModel,
    start: {
      mayHaveAttachments: boolean;
      partialAnswer?: string;
      webSearch?: boolean;
      mcp?: ChatMcpChoice;
    },
  ): Promise<UpstreamAnswer> {
    return this.open(
      model,
      storedTurnToOpen(row, start),
      // A first send links its files before this point; no files, no query.
      () =>
        start.mayHaveAttachments ? this.deps.attachments.contentsFor(row.id) : Promise.resolve([]),
    );
  }

  /**
   * One turn's upstream request: its earlier turns (the branch ending at its parent, never
   * another version's) are read only when the send wants them and there are some.
   */
  open(
    model: ResolvedModel,
    turn: TurnToOpen,
    attachments: AnswerInput['attachments'],
  ): Promise<UpstreamAnswer> {
    const { subject, vaultTools } = turn;
    const toolsOwner = vaultTools?.owner ?? subject?.owner ?? null;
    return openUpstreamAnswer(
      {
        model,
        content: turn.content,
        ...(toolsOwner !== null && {
          tools: ({ webSearch, mcp }) => {
            const chosen = vaultTools ? vaultTools.mcp : (turn.mcp ?? mcp);
            return this.#toolsFor({
              owner: toolsOwner,
              webSearch: vaultTools ? vaultTools.webSearch : (turn.webSearch ?? webSearch),
              vault: vaultTools !== undefined,
              ...(chosen !== undefined && { mcp: chosen }),
            });
          },
        }),
        history: turn.includeHistory && turn.parentId !== null ? { leafId: turn.parentId } : null,
        form: turn.form,
        attachments,
        ...(turn.partialAnswer !== undefined && { partialAnswer: turn.partialAnswer }),
        context:
          subject === null
            ? NO_SOURCES
            : turn.projectOfChat && subject.conversationId !== null
              ? async () =>
                  this.deps.sources.assemble({
                    ...subject,
                    projectId: await this.deps.conversations.projectIdOf(
                      subject.conversationId ?? '',
                    ),
                  })
              : () => this.deps.sources.assemble(subject),
      },
      this.messages,
    );
  }

  /** The tools the toolbox allows the turn, with the admin's bounds; null when none. */
  async #toolsFor(query: Parameters<TurnToolbox['toolsFor']>[0]): Promise<TurnTools | null> {
    const tools = await this.deps.toolbox.toolsFor(query);
    if (tools.length === 0) return null;
    return { tools, settings: await this.deps.toolbox.loopSettings() };
  }

  /**
   * Runs a stored turn's generation (the same runner, stream, replay log, partial writes and
   * cancel path for every turn, the answer stored through `run.form`) and its upkeep. Resolves
   * with the outcome once the answer ended.
   */
  run(row: MessageRow, run: TurnRun): Promise<GenerationOutcome> {
    const publisher = new MessageStreamPublisher(this.deps.bus, {
      ownerKey: ownerKey(run.owner),
      messageId: row.id,
      attempt: run.attempt,
      target: run.target,
    });
    const { form } = run;
    // Read before the answer's write, which must not wait on another query (one SQLite
    // connection): a cached value, so the answer does not wait on it either.
    const titleModel = form.sealed ? Promise.resolve(null) : this.deps.titles.modelId();
    let titleDue: string | null = null;
    const done = titleModel.then((modelId) =>
      this.deps.generations.run(row.id, (signal, isShutdown) =>
        this.deps.runner.run({
          row,
          processId: this.deps.generations.processId,
          publisher,
          partials: this.deps.generations.partials,
          answer: run.answer,
          ...(run.prefix && { prefix: run.prefix }),
          owner: run.owner,
          signal,
          isShutdown,
          ...(form.sealed
            ? {
                sealResponse: (text) => form.seal('response', row.id, text),
                sealToolRecord: (field, json) => form.seal(field, row.id, json),
              }
            : {}),
          onAnswered: async (db) => {
            if (await this.#afterAnswer(row, form, db, modelId)) titleDue = modelId;
          },
        }),
      ),
    );
    return done
      .finally(() => {
        if (form.sealed) return this.#dropReplay(row.id);
      })
      .then(async (outcome) => {
        await this.#afterGeneration(run.owner, row, form, outcome).catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'after-generation upkeep failed');
        });
        // After the end event, not awaited: the title never holds up the answer or its end.
        if (titleDue !== null && row.conversation_id !== null)
          void this.deps.titles
            .write(row.conversation_id, row.content, titleDue)
            .catch((error: unknown) => this.deps.log.error({ err: error }, 'naming a chat failed'));
        return outcome;
      });
  }

  async startAndAnswer(
    row: MessageRow,
    context: SendContext,
    attempt: string,
    start: {
      isRetry: boolean;
      answer: () => Promise<UpstreamAnswer>;
      prefix?: GenerationJob['prefix'];
      /**
       * A turn this request has just stored, with what is left of the allowance after its unit:
       * a streaming reply is then made from the row in hand instead of reading it back.
       */
      stored?: { remaining: number | null };
    },
  ): Promise<MessageResponse> {
    const { owner } = context;
    // Before the reply: a client resumes the new attempt from the start as soon as it has the
    // reply, and must not be replayed the earlier attempt's events (a stopped answer's cancel).
    if (start.isRetry) await this.deps.bus.deleteLog(messageLog(row.id));
    const done = this.run(row, {
      owner,
      target: context.liveConnectionId,
      attempt,
      answer: start.answer,
      form: PLAIN_FORM,
      ...(start.prefix && { prefix: start.prefix }),
    });
    if (context.liveConnectionId !== null) {
      done.catch((error: unknown) => this.deps.log.error({ err: error }, 'a generation failed'));
      if (!start.stored) return this.answer(owner, row.id, true);
      // A turn this request just stored answers from the row in hand: nothing to read back
      // but its files, when it has some.
      const attachments = context.attachmentIds?.length
        ? await this.deps.attachments.rowsFor([row.id])
        : [];
      return toMessageResponse(row, attachments, start.stored.remaining, true);
    }
    await done;
    return this.answer(owner, row.id, false);
  }

  /**
   * A failed turn's unit comes back, and a chat whose first answer failed is still named after
   * its question (it would otherwise stay "New chat" in every list; a sealed chat only dated).
   */
  async #afterGeneration(
    owner: ChatOwner,
    row: MessageRow,
    form: StoredForm,
    outcome: string,
  ): Promise<void> {
    if (outcome !== 'error' && outcome !== 'interrupted') return;
    await this.#dateAndName(row, form, this.deps.conversations, this.messages);
    await this.deps.refunds.refund(row, owner);
  }

  /** With the answer's write, in its transaction; true when a model is to name the chat. */
  #afterAnswer(
    row: MessageRow,
    form: StoredForm,
    db: Kysely<Database>,
    titleModel: string | null,
  ): Promise<boolean> {
    return this.#dateAndName(
      row,
      form,
      this.deps.conversations.within(db),
      new MessagesRepository(db),
      titleModel,
    );
  }

  /**
   * Dates the conversation and names it after its first exchange when this turn is its only
   * one, or leaves the naming to `titleModel` (answers true then). A sealed chat is only
   * dated: its title is sealed already.
   */
  async #dateAndName(
    row: MessageRow,
    form: StoredForm,
    conversations: ConversationsService,
    messages: MessagesRepository,
    titleModel: string | null = null,
  ): Promise<boolean> {
    if (row.conversation_id === null) return false;
    const now = new Date().toISOString();
    if (form.sealed) {
      await conversations.touch(row.conversation_id, now);
      return false;
    }
    const turns = await messages.countIn(row.conversation_id);
    const titleByModel = turns === 1 && titleModel !== null;
    await conversations.afterTurn(row.conversation_id, {
      message: row.content,
      at: now,
      turns,
      titleByModel,
    });
    return titleByModel;
  }

  /** The replay log held a sealed turn's tokens in plain: it goes the moment the answer ends. */
  async #dropReplay(messageId: string): Promise<void> {
    await this.deps.bus
      .deleteLog(messageLog(messageId))
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'dropping a sealed turn’s replay log failed'),
      );
  }

  async answer(owner: ChatOwner, id: string, streaming: boolean): Promise<MessageResponse> {
    const row = await this.messages.findOwned(owner, id);
    if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    const attachments = await this.deps.attachments.rowsFor([row.id]);
    const { remaining } = await this.deps.limits.state(owner);
    return toMessageResponse(row, attachments, remaining, streaming && isRunning(row.status));
  }

  /** Waits for the turn to end, here or in another process (a duplicate send without a socket). */
  async waitForEnd(id: string): Promise<void> {
    const local = this.deps.generations.localDone(id);
    if (local) return void (await local);
    const deadline = Date.now() + HTTP.sendTimeoutMs;
    while (Date.now() < deadline) {
      const row = await this.messages.findById(id);
      if (!row || !isRunning(row.status)) return;
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }
}
