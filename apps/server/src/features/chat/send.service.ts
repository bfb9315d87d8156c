import type { MessageResponse, SendMessageRequest } from '@parallax/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { Drain } from '../../infra/drain';
import type { ChatMetrics } from '../../infra/metrics/server-metrics';
import { AppError } from '../../infra/errors';
import type { AttachmentsService } from '../attachments';
import type { ConversationsService } from '../conversations';
import type { PlanRules } from '../billing';
import type { ResolvedModel } from '../models/models.service';
import { MESSAGE_NOT_FOUND, type AnswerService, type SendContext } from './answer.service';
import type { UpstreamAnswer } from './generation/upstream-answer';
import type { MessageRow, MessagesRepository } from './messages.repository';
import { RecentKeys } from './recent-keys';
import type { RetryService } from './retry.service';
import { PLAIN_FORM } from './turn/stored-form';
import type { TurnPipeline } from './turn/turn-pipeline';
import type { SendFacts, TurnPin } from './turn/turn-sources';

export type { SendContext } from './answer.service';

/**
 * What chat needs of comparisons (the compare feature's CompareSends, which the app hands to
 * chat): allocate-id records a comparison id for the caller, a send names a comparison the
 * caller has or was allocated, and a new chat in one is its next panel. Declared here, so
 * chat imports and reads nothing of compare.
 */
export interface ComparisonPanels {
  allocate(owner: ChatOwner): Promise<string>;
  maySend(owner: ChatOwner, comparisonId: string): Promise<boolean>;
  within(db: Kysely<Database>): {
    /** Adds the conversation `makeConversation` creates as the comparison's next panel. */
    joinAsPanel(
      owner: ChatOwner,
      send: { comparisonId: string; model: string; prompt: string; now: string },
      makeConversation: (title: string) => Promise<string>,
    ): Promise<string>;
  };
}

const COMPARISON_NOT_FOUND = 'Comparison not found';
/** Message ids this process sent lately: a repeat of one starts no early upstream request. */
const RECENT_SENDS_KEPT = 10_000;

/**
 * Sending a turn. Idempotent on message_id: the first request inserts the row (a unique key,
 * so parallel duplicates race on the database, not in memory) and spends the unit; any other
 * request for the same id returns that turn's state and spends nothing. A turn in error is
 * retried by sending its message_id again.
 */
export class SendService {
  readonly #recentSends = new RecentKeys(RECENT_SENDS_KEPT);
  /** Settles when the turn this process is storing under a message id is stored or refused. */
  readonly #storingIds = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      /** The stages every sender shares: model and limits, the sources' checks, the store. */
      pipeline: TurnPipeline;
      messages: MessagesRepository;
      conversations: ConversationsService;
      comparisons: ComparisonPanels;
      attachments: AttachmentsService;
      answers: AnswerService;
      retries: RetryService;
      drain: Drain;
      metrics: ChatMetrics;
    },
  ) {}

  /**
   * Everything about a send that can be refused before anything is stored: the model, and
   * that each id it names (conversation, comparison, the turn it is a version of) is the
   * caller's. Another owner's id is answered like a missing one (404). A draining process
   * refuses every send (503): sends are idempotent on message_id, so the client sends it
   * again, to another process.
   */
  async check(request: SendMessageRequest, owner: ChatOwner): Promise<ResolvedModel> {
    return (await this.#prepare(request, owner)).model;
  }

  /** The checks of `check`, and where the new turn goes in its conversation's tree. */
  async #prepare(request: SendMessageRequest, owner: ChatOwner): Promise<PreparedSend> {
    this.deps.drain.refuseWhileDraining();
    const { model, rules } = await this.deps.pipeline.resolveForSend(owner, request);
    const thread = request.conversation_id
      ? await this.deps.conversations.thread(owner, request.conversation_id)
      : null;
    const conversation = thread?.conversation ?? null;
    const facts: SendFacts = {
      owner,
      conversation: conversation && {
        id: conversation.id,
        kind: conversation.kind,
        comparisonId: conversation.comparison_id,
      },
      projectId: request.project_id ?? null,
      promptGeneratorId: request.prompt_generator_id ?? null,
      comparisonId: request.comparison_id ?? null,
      chatSettings: conversation ? null : (request.chat_settings ?? null),
    };
    const pin = await this.deps.pipeline.checkSources(facts);
    if (request.comparison_id) {
      // The caller's comparison, or one allocated for them that this send will create.
      if (!(await this.deps.comparisons.maySend(owner, request.comparison_id)))
        throw new AppError('not_found', COMPARISON_NOT_FOUND);
      if (conversation && conversation.comparison_id !== request.comparison_id)
        throw new AppError(
          'validation_error',
          'comparison_id: the conversation is not part of this comparison.',
        );
    }
    // The chat's project: the stored chat's, or the one a new chat starts in (checked above).
    const projectId = conversation ? conversation.project_id : (request.project_id ?? null);
    if (!request.version_of)
      return { model, rules, parentId: thread?.currentLeafId ?? null, pin, projectId, facts };
    if (!conversation)
      throw new AppError(
        'validation_error',
        'version_of: needs the conversation_id of that message.',
      );
    const version = await this.deps.messages.findOwned(owner, request.version_of);
    if (!version) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    if (version.conversation_id !== conversation.id)
      throw new AppError(
        'validation_error',
        'version_of: the message is not in this conversation.',
      );
    if (conversation.kind === 'comparison')
      throw new AppError('validation_error', 'version_of: a comparison keeps one answer per turn.');
    // A version takes the turn's place: the same parent, so the same earlier turns.
    return { model, rules, parentId: version.parent_id, pin, projectId, facts };
  }

  async send(request: SendMessageRequest, context: SendContext): Promise<MessageResponse> {
    const started = performance.now();
    try {
      return await this.#send(request, context);
    } finally {
      this.deps.metrics.sendDuration((performance.now() - started) / 1000);
    }
  }

  async #send(request: SendMessageRequest, context: SendContext): Promise<MessageResponse> {
    const { owner } = context;
    const prepared = await this.#prepare(request, owner);
    const { model, rules, parentId, pin } = prepared;

    // A duplicate of a send this process is storing waits for it: the first sender, the one
    // whose upstream request may have started early, then always wins the insert, and the
    // duplicate is answered from its row instead of opening a second request.
    const first = this.#storingIds.get(request.message_id);
    if (first) await first;
    const sentAt = new Date();
    const now = sentAt.toISOString();
    const early = this.#startEarly(request, context, prepared);
    let stored = () => {};
    const storing = new Promise<void>((resolve) => (stored = resolve));
    this.#storingIds.set(request.message_id, storing);
    // One transaction: the conversation, the turn and its unit exist together or not at all
    // (a refused unit rolls the turn back; one commit instead of three per send). A message id
    // already taken (a double click, a retry) loses the insert and is answered from its row.
    let inserted: MessageRow | null;
    // What is left of the day's allowance after this send's unit: the reply shows it.
    let remaining: number | null = null;
    try {
      const stored = await this.deps.pipeline.store({
        id: request.message_id,
        comparisonId: request.comparison_id ?? null,
        content: request.message,
        model,
        includeHistory: Boolean(request.include_conversation_history),
        parentId,
        pinnedVersion: pin?.version ?? null,
        rowOwner: owner,
        payer: owner,
        conversation:
          request.conversation_id ??
          ((conversations, trx, leafId) =>
            this.#createConversation(trx, conversations, request, { owner, model, now, leafId })),
        rules,
        sentAt,
        now,
        ...(early && { answering: early.then((answer) => answer.begun) }),
        ...(request.conversation_id
          ? {}
          : {
              withTurn: (trx: Kysely<Database>, row: MessageRow) =>
                this.deps.pipeline.storeWithNewChat(trx, row.conversation_id ?? '', prepared.facts),
            }),
      });
      inserted = stored?.row ?? null;
      remaining = stored?.remaining ?? null;
    } catch (error) {
      abandon(early);
      throw error;
    } finally {
      stored();
      if (this.#storingIds.get(request.message_id) === storing)
        this.#storingIds.delete(request.message_id);
    }
    if (!inserted) abandon(early);
    // The winner knows its row; a duplicate reads the one that won.
    const row = inserted ?? (await this.deps.messages.findById(request.message_id));
    if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    if (!inserted) return this.deps.retries.answerExisting(row, context, model, request);

    if (context.attachmentIds?.length)
      await this.deps.attachments.link(owner, context.attachmentIds, row.id);
    return this.deps.answers.startAndAnswer(row, context, row.request_id, {
      isRetry: false,
      stored: { remaining },
      answer: early
        ? () => early
        : () =>
            this.deps.answers.openStored(row, model, {
              mayHaveAttachments: (context.attachmentIds?.length ?? 0) > 0,
              ...(request.web_search !== undefined && { webSearch: request.web_search }),
              ...(request.mcp !== undefined && { mcp: request.mcp }),
            }),
    });
  }

  /**
   * A send without conversation_id starts a chat. In a comparison that chat is its next panel
   * (spec §7: a client that allocated the comparison id sends each panel's first turn with it,
   * and the first of them creates the comparison).
   */
  #createConversation(
    trx: Kysely<Database>,
    conversations: ConversationsService,
    request: SendMessageRequest,
    {
      owner,
      model,
      now,
      leafId,
    }: { owner: ChatOwner; model: ResolvedModel; now: string; leafId: string },
  ): Promise<string> {
    const { comparison_id: comparisonId } = request;
    if (comparisonId)
      return this.deps.comparisons
        .within(trx)
        .joinAsPanel(
          owner,
          { comparisonId, model: model.info.id, prompt: request.message, now },
          (title) =>
            conversations.createRow(
              owner,
              {
                kind: 'comparison',
                title,
                projectId: request.project_id,
                comparisonId,
                currentLeafId: leafId,
              },
              now,
            ),
        );
    return conversations.createRow(
      owner,
      {
        kind: request.prompt_generator_id ? 'prompt_generator' : 'regular',
        projectId: request.project_id,
        currentLeafId: leafId,
      },
      now,
    );
  }

  /**
   * The upstream request of a first send starts while its turn is being stored: the insert
   * (several round trips on PostgreSQL) then overlaps the model's own time to first token
   * instead of adding to it, in a burst too, when the inserts queue for the database (50 sends
   * at once: 28 ms p50 / 51 ms p99 added to time to first token, against 35 / 92 when only the
   * first eight started early; BENCHMARKS.md). Nothing is published until the insert has won, and the request
   * is dropped when it loses (a duplicate, a refused unit, a failure). Not for sends with files
   * (they are linked to the stored turn first), nor for an owner this process already saw
   * refused today, nor for a message id this process was sent lately (a double click, a
   * retry): those would only cost an upstream request that is hung up at once, and they wait
   * for the first to be stored, so the first wins the insert. A duplicate that reaches another
   * process first costs one such request, never an answer or a unit.
   */
  #startEarly(
    request: SendMessageRequest,
    context: SendContext,
    { model, parentId, pin, projectId, facts }: PreparedSend,
  ): Promise<UpstreamAnswer> | null {
    if (context.attachmentIds?.length) return null;
    if (this.#recentSends.has(request.message_id)) return null;
    this.#recentSends.add(request.message_id);
    if (!this.deps.pipeline.mayHaveAllowance(context.owner)) return null;
    const early = this.deps.answers.open(
      model,
      {
        content: request.message,
        parentId,
        includeHistory: Boolean(request.include_conversation_history),
        subject: {
          turnId: request.message_id,
          owner: context.owner,
          sealed: false,
          conversationId: request.conversation_id ?? null,
          projectId,
          content: request.message,
          pin,
          chatSettings: facts.chatSettings ?? null,
        },
        form: PLAIN_FORM,
        ...(request.web_search !== undefined && { webSearch: request.web_search }),
        ...(request.mcp !== undefined && { mcp: request.mcp }),
      },
      () => Promise.resolve([]),
    );
    // Read by the generation, or dropped by abandon(): never an unhandled rejection.
    early.catch(() => undefined);
    return early;
  }
}

interface PreparedSend {
  model: ResolvedModel;
  /** The owner's plan rules, read once for the model check and the unit. */
  rules: PlanRules;
  /** The turn the new one follows: the current leaf, or the parent of the turn it versions. */
  parentId: string | null;
  /** The instructions a source pinned for the turn (a generator turn's), or null. */
  pin: TurnPin | null;
  /** The chat's project: the stored chat's, or the one a new chat is started in. */
  projectId: string | null;
  /** The send as the context sources saw it. */
  facts: SendFacts;
}

/** Hangs up on an upstream request started for a send that will not be answered by it. */
function abandon(early: Promise<UpstreamAnswer> | null): void {
  void early?.then(
    (answer) => answer.abort(),
    () => undefined,
  );
}
