import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AfterPendingIo } from '../../../infra/after-pending-io';
import { ownerColumns, type ChatOwner } from '../../../infra/auth/chat-owner';
import { AppError, isAppError } from '../../../infra/errors';
import type { PlanRules } from '../../billing';
import type { ConversationsService } from '../../conversations';
import type { LimitsService } from '../../limits';
import type { ModelsService, ResolvedModel } from '../../models/models.service';
import { MessagesRepository, type MessageRow } from '../messages.repository';
import { newTurnRow, type NewTurn } from './turn-row';
import type { SendFacts, TurnPin, TurnSources } from './turn-sources';

/** A turn to store: its row's fields, who owns the row, and who pays for it. */
export interface TurnToStore extends Omit<NewTurn, 'chargedDay' | 'conversationId' | 'processId'> {
  /** The owner columns of the row; null for a turn no account owns (a vault turn). */
  rowOwner: ChatOwner | null;
  /** The account whose unit the turn spends. */
  payer: ChatOwner;
  /**
   * The stored chat, or how a new one is made inside the turn's transaction, already showing
   * the turn `leafId` (a new chat's current turn is its first: no second write to say so).
   */
  conversation:
    | string
    | ((
        conversations: ConversationsService,
        trx: Kysely<Database>,
        leafId: string,
      ) => Promise<string>);
  /** The payer's plan rules when the sender has read them (resolveForSend): not read again. */
  rules?: PlanRules;
  /** What the sender stores with the turn, in its transaction (a vault turn's sealed files). */
  withTurn?: (trx: Kysely<Database>, row: MessageRow) => Promise<void>;
  /**
   * Settles when the turn's answer, started before it is stored, has begun arriving: nothing
   * of it is published before the turn is stored, so its store then goes ahead of the queue.
   */
  answering?: Promise<unknown>;
  sentAt: Date;
}

/** A stored turn, and what is left of its payer's daily allowance after its unit. */
export interface StoredTurn {
  row: MessageRow;
  /** Null when the payer has no daily limit. */
  remaining: number | null;
}

/**
 * The stages of a turn every sender shares (a chat's send, a vault turn): resolving the model
 * and its limits, the context sources' checks, and storing the turn with its unit. Answering
 * it is AnswerService's (context, steps, stored form, publish).
 */
export class TurnPipeline {
  /** Stores wait behind the sends and tokens already arrived (see `store`). */
  readonly #storing = new AfterPendingIo();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      models: ModelsService;
      limits: LimitsService;
      conversations: ConversationsService;
      sources: TurnSources;
      processId: string;
    },
  ) {}

  /** Stage 1: the model the send names, of the provider it names, allowed for `owner`. */
  async resolve(
    owner: ChatOwner,
    send: { model: string; provider: string },
  ): Promise<ResolvedModel> {
    return (await this.resolveForSend(owner, send)).model;
  }

  /** `resolve`, with the owner's plan rules it read (`store` then spends without reading them). */
  async resolveForSend(
    owner: ChatOwner,
    send: { model: string; provider: string },
  ): Promise<{ model: ResolvedModel; rules: PlanRules }> {
    let model: ResolvedModel;
    try {
      model = await this.deps.models.resolve(send.model);
    } catch (error) {
      if (isAppError(error)) throw new AppError('validation_error', `model: ${error.detail}`);
      throw error;
    }
    if (model.info.provider !== send.provider)
      throw new AppError(
        'validation_error',
        `model: ${model.info.friendly_name} is not a ${send.provider} model.`,
      );
    const rules = await this.deps.limits.assertModelAllowed(owner, model.info);
    return { model, rules };
  }

  /** The registered context sources' checks of a send; the instructions one of them pinned. */
  checkSources(send: SendFacts): Promise<TurnPin | null> {
    return this.deps.sources.check(send);
  }

  /** The sources' part of storing a new chat (its first send's settings), in the store's transaction. */
  storeWithNewChat(db: Kysely<Database>, conversationId: string, send: SendFacts): Promise<void> {
    return this.deps.sources.storeWithNewChat(db, conversationId, send);
  }

  /** False when `owner` surely has no unit left today (no query); `store` decides. */
  mayHaveAllowance(owner: ChatOwner): boolean {
    return this.deps.limits.mayHaveAllowance(owner);
  }

  /**
   * One transaction: the conversation (when new), the turn and its unit exist together or not
   * at all (a refused unit rolls the turn back). The new turn is what its conversation shows
   * and continues from. Null when the message id is taken already (a repeated send): nothing
   * is stored then, not even a new conversation.
   *
   * It waits first for the I/O already pending (AfterPendingIo): a first send's upstream
   * request has started by then, so its own model's time to first token covers the wait,
   * while the sends arriving behind it start theirs without queueing behind its transaction.
   * Once its answer has begun (`answering`) it waits no longer: its first tokens wait for it.
   */
  async store(turn: TurnToStore): Promise<StoredTurn | null> {
    await this.#storing.turn(turn.answering);
    return this.db
      .transaction()
      .execute(async (trx) => {
        const limits = this.deps.limits.within(trx);
        const conversations = this.deps.conversations.within(trx);
        const conversationId =
          typeof turn.conversation === 'string'
            ? turn.conversation
            : await turn.conversation(conversations, trx, turn.id);
        const row = newTurnRow({
          ...turn,
          conversationId,
          processId: this.deps.processId,
          chargedDay: await limits.chargeDay(turn.payer, turn.sentAt, turn.rules),
        });
        if (!(await new MessagesRepository(trx).insertIfAbsent(row, turn.rowOwner)))
          throw new TurnTaken();
        if (typeof turn.conversation === 'string')
          await conversations.setCurrentLeaf(conversationId, row.id);
        const { remaining } = await limits.spendUnit(turn.payer, turn.sentAt, turn.rules);
        const stored = { ...row, ...ownerColumns(turn.rowOwner) };
        await turn.withTurn?.(trx, stored);
        return { row: stored, remaining };
      })
      .catch((error: unknown) => {
        if (error instanceof TurnTaken) return null;
        throw error;
      });
  }
}

class TurnTaken extends Error {}
