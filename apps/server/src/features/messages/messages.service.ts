import { randomUUID } from 'node:crypto';
import { HTTP, type MessageResponse, type SendMessageRequest } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Bus } from '../../infra/bus/bus';
import { AppError, isAppError } from '../../infra/errors';
import { MessageStreamPublisher } from '../../realtime/stream-publisher';
import { ownerColumns, ownerKey, type ChatOwner } from '../../infra/auth/chat-owner';
import type { AttachmentsService } from '../attachments';
import type { ConversationsService } from '../conversations';
import type { LimitsService } from '../limits';
import type { ModelsService, ResolvedModel } from '../models/models.service';
import { GenerationRunner } from './generation/generation-runner';
import type { Generations } from './generation/generations';
import { RUNNING_STATUSES, MessagesRepository, type MessageRow } from './messages.repository';
import { toMessageResponse } from './message-view';
import { RecentKeys } from './recent-keys';
import { openUpstreamAnswer, type AnswerInput, type UpstreamAnswer } from './generation/upstream-answer';

const MESSAGE_NOT_FOUND = 'Message not found';
const COMPARISON_NOT_FOUND = 'Comparison not found';
const WAIT_POLL_MS = 200;
/** Message ids this process sent lately: a repeat of one starts no early upstream request. */
const RECENT_SENDS_KEPT = 10_000;
/**
 * Sends whose turn is being stored before their upstream request starts early only while fewer
 * than this many are: under a burst the inserts queue for the database, and an early answer
 * would only wait for its turn with its first tokens held back.
 */
const EARLY_STARTS_WHILE_STORING_BELOW = 8;

export interface SendContext {
  owner: ChatOwner;
  /** X-Connection-Id, when it names a live socket of the owner. */
  liveConnectionId: string | null;
  /** Files uploaded with the send (already stored, not yet linked). */
  attachmentIds?: readonly string[];
}

function isRunning(status: string): boolean {
  return (RUNNING_STATUSES as readonly string[]).includes(status);
}

/**
 * Sending a turn. Idempotent on message_id: the first request inserts the row (a unique key,
 * so parallel duplicates race on the database, not in memory) and spends the unit; any other
 * request for the same id returns that turn's state and spends nothing. A turn in error is
 * retried by sending its message_id again.
 */
export class MessagesService {
  readonly #messages: MessagesRepository;
  readonly #runner: GenerationRunner;
  readonly #recentSends = new RecentKeys(RECENT_SENDS_KEPT);
  /** Turns of this process being stored right now. */
  #storing = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      bus: Bus;
      models: ModelsService;
      limits: LimitsService;
      conversations: ConversationsService;
      generations: Generations;
      attachments: AttachmentsService;
      log: FastifyBaseLogger;
    },
  ) {
    this.#messages = new MessagesRepository(db);
    this.#runner = new GenerationRunner(this.#messages, deps.log);
  }

  /**
   * Everything about a send that can be refused before anything is stored: the model, and
   * that each id it names (conversation, comparison) is the caller's. Another owner's id is
   * answered like a missing one (404).
   */
  async check(request: SendMessageRequest, owner: ChatOwner): Promise<ResolvedModel> {
    const model = await this.#resolveModel(request);
    const conversation = request.conversation_id
      ? await this.deps.conversations.get(owner, request.conversation_id)
      : null;
    if (request.comparison_id) {
      if (!(await this.#messages.ownsComparison(owner, request.comparison_id)))
        throw new AppError('not_found', COMPARISON_NOT_FOUND);
      if (conversation && conversation.comparison_id !== request.comparison_id)
        throw new AppError(
          'validation_error',
          'comparison_id: the conversation is not part of this comparison.',
        );
    }
    return model;
  }

  async send(request: SendMessageRequest, context: SendContext): Promise<MessageResponse> {
    const { owner } = context;
    const model = await this.check(request, owner);

    const sentAt = new Date();
    const now = sentAt.toISOString();
    const early = this.#startEarly(request, context, model, now);
    this.#storing += 1;
    // One transaction: the conversation, the turn and its unit exist together or not at all
    // (a refused unit rolls the turn back; one commit instead of three per send). A message id
    // already taken (a double click, a retry) loses the insert and is answered from its row.
    let inserted: MessageRow | null;
    try {
      inserted = await this.db
        .transaction()
        .execute(async (trx) => {
          const conversationId =
            request.conversation_id ??
            (await this.deps.conversations.within(trx).createRow(
              owner,
              {
                kind: request.comparison_id
                  ? 'comparison'
                  : request.prompt_generator_id
                    ? 'prompt_generator'
                    : 'regular',
                projectId: request.project_id,
                comparisonId: request.comparison_id,
              },
              now,
            ));
          const newRow = {
            ...this.#newRow(request, model, conversationId, now),
            charged_day: this.deps.limits.chargeDay(owner, sentAt),
          };
          // The loser of a duplicate send must not leave a conversation behind.
          if (!(await new MessagesRepository(trx).insertIfAbsent(newRow, owner)))
            throw new DuplicateSend();
          await this.deps.limits.within(trx).spend(owner, sentAt);
          return { ...newRow, ...ownerColumns(owner) };
        })
        .catch((error: unknown) => {
          if (error instanceof DuplicateSend) return null;
          throw error;
        });
    } catch (error) {
      abandon(early);
      throw error;
    } finally {
      this.#storing -= 1;
    }
    if (!inserted) abandon(early);
    // The winner knows its row; a duplicate reads the one that won.
    const row = inserted ?? (await this.#messages.findById(request.message_id));
    if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    if (!inserted) return this.#answerExisting(row, context, model, request);

    if (context.attachmentIds?.length)
      await this.deps.attachments.link(owner, context.attachmentIds, row.id);
    return this.#startAndAnswer(row, context, row.request_id, {
      isRetry: false,
      answer: early
        ? () => early
        : () =>
            this.#openStored(row, model, {
              mayHaveAttachments: (context.attachmentIds?.length ?? 0) > 0,
              hasEarlierTurns: Boolean(request.conversation_id),
            }),
    });
  }

  /**
   * The upstream request of a first send starts while its turn is being stored: the insert
   * (several round trips on PostgreSQL) then overlaps the model's own time to first token
   * instead of adding to it. Nothing is published until the insert has won, and the request
   * is dropped when it loses (a duplicate, a refused unit, a failure). Not for sends with files
   * (they are linked to the stored turn first), nor for an owner this process already saw
   * refused today, nor for a message id this process was sent lately (a double click, a
   * retry): those would only cost an upstream request that is hung up at once. A duplicate
   * that reaches another process first costs one such request, never an answer or a unit.
   */
  #startEarly(
    request: SendMessageRequest,
    context: SendContext,
    model: ResolvedModel,
    now: string,
  ): Promise<UpstreamAnswer> | null {
    if (context.attachmentIds?.length) return null;
    if (this.#storing >= EARLY_STARTS_WHILE_STORING_BELOW) return null;
    if (this.#recentSends.has(request.message_id)) return null;
    this.#recentSends.add(request.message_id);
    if (!this.deps.limits.mayHaveAllowance(context.owner)) return null;
    const early = this.#open(
      model,
      {
        content: request.message,
        conversationId: request.conversation_id ?? null,
        includeHistory: Boolean(request.include_conversation_history),
        storedAt: now,
      },
      () => Promise.resolve([]),
    );
    // Read by the generation, or dropped by abandon(): never an unhandled rejection.
    early.catch(() => undefined);
    return early;
  }

  /** Opens the upstream request of a stored turn (a retry, a send with files, a busy moment). */
  #openStored(
    row: MessageRow,
    model: ResolvedModel,
    start: { mayHaveAttachments: boolean; hasEarlierTurns: boolean },
  ): Promise<UpstreamAnswer> {
    return this.#open(
      model,
      {
        content: row.content,
        // A conversation this send created has no earlier turns to read.
        conversationId: start.hasEarlierTurns ? row.conversation_id : null,
        includeHistory: row.include_history === 1,
        storedAt: row.created_at,
      },
      // A first send links its files before this point; no files, no query.
      () =>
        start.mayHaveAttachments ? this.deps.attachments.contentsFor(row.id) : Promise.resolve([]),
    );
  }

  /** One turn's upstream request: its earlier turns are read only when the send wants them. */
  #open(
    model: ResolvedModel,
    turn: {
      content: string;
      conversationId: string | null;
      includeHistory: boolean;
      storedAt: string;
    },
    attachments: AnswerInput['attachments'],
  ): Promise<UpstreamAnswer> {
    const history =
      turn.includeHistory && turn.conversationId !== null
        ? { conversationId: turn.conversationId, before: turn.storedAt }
        : null;
    return openUpstreamAnswer(
      { model, content: turn.content, history, attachments },
      this.#messages,
    );
  }

  async #answerExisting(
    row: MessageRow,
    context: SendContext,
    model: ResolvedModel,
    request: SendMessageRequest,
  ): Promise<MessageResponse> {
    const { owner } = context;
    const mine = owner.kind === 'user' ? row.user_id === owner.id : row.visitor_id === owner.id;
    if (!mine) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    if (row.status === 'error') return this.#retry(row, context, model, request);
    if (isRunning(row.status) && context.liveConnectionId === null) await this.#waitForEnd(row.id);
    return this.#answer(owner, row.id, context.liveConnectionId !== null);
  }

  /**
   * A failed turn sent again (the retry of spec §4): same row and conversation, the text and
   * model of this send, a new request id, and a new unit (the failed one was refunded).
   */
  async #retry(
    row: MessageRow,
    context: SendContext,
    model: ResolvedModel,
    request: SendMessageRequest,
  ): Promise<MessageResponse> {
    const requestId = randomUUID();
    const claimed = await this.#messages.resetForRetry(context.owner, row.id, {
      content: request.message,
      provider: model.info.provider,
      model: model.info.id,
      model_friendly_name: model.info.friendly_name,
      include_history: request.include_conversation_history ? 1 : 0,
      status: 'pending',
      response: null,
      error: null,
      error_code: null,
      request_id: requestId,
      owner_process: this.deps.generations.processId,
      charged_day: null,
      ttft_ms: null,
      stream_ms: null,
      updated_at: new Date().toISOString(),
    });
    if (!claimed)
      return this.#answerExisting(
        (await this.#messages.findById(row.id)) ?? row,
        context,
        model,
        request,
      );
    let chargedDay: string | null;
    try {
      chargedDay = await this.deps.limits.spend(context.owner);
    } catch (error) {
      if (isAppError(error))
        await this.#messages.update(row.id, {
          status: 'error',
          error: error.detail,
          error_code: error.code,
          owner_process: null,
        });
      throw error;
    }
    await this.#messages.update(row.id, { charged_day: chargedDay });
    const fresh = (await this.#messages.findById(row.id)) ?? row;
    return this.#startAndAnswer(fresh, context, requestId, {
      isRetry: true,
      answer: () =>
        this.#openStored(fresh, model, { mayHaveAttachments: true, hasEarlierTurns: true }),
    });
  }

  async #startAndAnswer(
    row: MessageRow,
    context: SendContext,
    attempt: string,
    start: { isRetry: boolean; answer: () => Promise<UpstreamAnswer> },
  ): Promise<MessageResponse> {
    const { owner } = context;
    const publisher = new MessageStreamPublisher(this.deps.bus, {
      ownerKey: ownerKey(owner),
      messageId: row.id,
      attempt,
      target: context.liveConnectionId,
    });
    if (start.isRetry) await publisher.resetLog();
    const done = this.deps.generations.run(row.id, (signal, isShutdown) =>
      this.#runner.run({
        row,
        processId: this.deps.generations.processId,
        publisher,
        partials: this.deps.generations.partials,
        answer: start.answer,
        signal,
        isShutdown,
      }),
    );
    void done
      .then((outcome) => this.#afterGeneration(owner, row, outcome))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'after-generation upkeep failed');
      });
    if (context.liveConnectionId !== null) return this.#answer(owner, row.id, true);
    await done;
    return this.#answer(owner, row.id, false);
  }

  /** Background: refund failed turns, date the conversation, name it after its first exchange. */
  async #afterGeneration(owner: ChatOwner, row: MessageRow, outcome: string): Promise<void> {
    const current = await this.#messages.findById(row.id);
    if (outcome === 'error' || outcome === 'interrupted') {
      const day = current?.charged_day;
      if (day && (await this.#messages.clearCharge(row.id, day))) await this.deps.limits.refund(owner, day);
      return;
    }
    if (row.conversation_id === null) return;
    await this.deps.conversations.touch(row.conversation_id, new Date().toISOString());
    if ((await this.#messages.countInConversation(row.conversation_id)) === 1) {
      await this.deps.conversations.nameFromFirstMessage(row.conversation_id, row.content);
    }
  }

  async #answer(owner: ChatOwner, id: string, streaming: boolean): Promise<MessageResponse> {
    const row = await this.#messages.findOwned(owner, id);
    if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    const attachments = await this.deps.attachments.rowsFor([row.id]);
    const { remaining } = await this.deps.limits.state(owner);
    return toMessageResponse(row, attachments, remaining, streaming && isRunning(row.status));
  }

  /** Waits for the turn to end, here or in another process (a duplicate send without a socket). */
  async #waitForEnd(id: string): Promise<void> {
    const local = this.deps.generations.localDone(id);
    if (local) return void (await local);
    const deadline = Date.now() + HTTP.sendTimeoutMs;
    while (Date.now() < deadline) {
      const row = await this.#messages.findById(id);
      if (!row || !isRunning(row.status)) return;
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  async #resolveModel(request: SendMessageRequest): Promise<ResolvedModel> {
    let model: ResolvedModel;
    try {
      model = await this.deps.models.resolve(request.model);
    } catch (error) {
      if (isAppError(error)) throw new AppError('validation_error', `model: ${error.detail}`);
      throw error;
    }
    if (model.info.provider !== request.provider) {
      throw new AppError(
        'validation_error',
        `model: ${model.info.friendly_name} is not a ${request.provider} model.`,
      );
    }
    return model;
  }

  #newRow(request: SendMessageRequest, model: ResolvedModel, conversationId: string, now: string) {
    return {
      id: request.message_id,
      conversation_id: conversationId,
      comparison_id: request.comparison_id ?? null,
      content: request.message,
      response: null,
      provider: model.info.provider,
      model: model.info.id,
      model_friendly_name: model.info.friendly_name,
      status: 'pending',
      input_tokens: null,
      output_tokens: null,
      error: null,
      error_code: null,
      request_id: randomUUID(),
      include_history: request.include_conversation_history ? 1 : 0,
      owner_process: this.deps.generations.processId,
      charged_day: null,
      created_at: now,
      updated_at: now,
      ttft_ms: null,
      stream_ms: null,
    };
  }
}

class DuplicateSend extends Error {}

/** Hangs up on an upstream request started for a send that will not be answered by it. */
function abandon(early: Promise<UpstreamAnswer> | null): void {
  void early?.then(
    (answer) => answer.abort(),
    () => undefined,
  );
}
