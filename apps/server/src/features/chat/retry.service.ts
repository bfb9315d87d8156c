import { randomUUID } from 'node:crypto';
import type { MessageResponse, SendMessageRequest } from '@parallax/contract';
import { AppError, isAppError } from '../../infra/errors';
import type { LimitsService } from '../limits';
import type { ResolvedModel } from '../models/models.service';
import {
  isRunning,
  MESSAGE_NOT_FOUND,
  type AnswerService,
  type SendContext,
} from './answer.service';
import type { Generations } from './generation/generations';
import type { MessageRow, MessagesRepository } from './messages.repository';

/**
 * A send whose message id is already stored: a double click or a retried request gets that
 * turn's state, and a turn in error is retried (spec §4).
 */
export class RetryService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly deps: {
      limits: LimitsService;
      generations: Generations;
      answers: AnswerService;
    },
  ) {}

  async answerExisting(
    row: MessageRow,
    context: SendContext,
    model: ResolvedModel,
    request: SendMessageRequest,
  ): Promise<MessageResponse> {
    const { owner } = context;
    const mine = owner.kind === 'user' ? row.user_id === owner.id : row.visitor_id === owner.id;
    if (!mine) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    if (row.status === 'error') return this.#retry(row, context, model, request);
    if (isRunning(row.status) && context.liveConnectionId === null)
      await this.deps.answers.waitForEnd(row.id);
    return this.deps.answers.answer(owner, row.id, context.liveConnectionId !== null);
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
    const claimed = await this.messages.resetForRetry(context.owner, row.id, {
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
      tool_calls: null,
      citations: null,
      updated_at: new Date().toISOString(),
    });
    if (!claimed)
      return this.answerExisting(
        (await this.messages.findById(row.id)) ?? row,
        context,
        model,
        request,
      );
    let chargedDay: string | null;
    try {
      chargedDay = await this.deps.limits.spend(context.owner);
    } catch (error) {
      if (isAppError(error))
        await this.messages.update(row.id, {
          status: 'error',
          error: error.detail,
          error_code: error.code,
          owner_process: null,
        });
      throw error;
    }
    await this.messages.update(row.id, { charged_day: chargedDay });
    const fresh = (await this.messages.findById(row.id)) ?? row;
    return this.deps.answers.startAndAnswer(fresh, context, requestId, {
      isRetry: true,
      answer: () => this.deps.answers.openStored(fresh, model, { mayHaveAttachments: true }),
    });
  }
}
