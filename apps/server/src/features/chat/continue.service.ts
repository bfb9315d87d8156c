import { randomUUID } from 'node:crypto';
import type { MessageResponse } from '@parallax/contract';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { Drain } from '../../infra/drain';
import { AppError } from '../../infra/errors';
import type { LimitsService } from '../limits';
import { isRunning, MESSAGE_NOT_FOUND, type AnswerService } from './answer.service';
import type { Generations } from './generation/generations';
import type { MessageRow, MessagesRepository } from './messages.repository';
import { toolRecordOf } from './message-view';
import type { TurnPipeline } from './turn/turn-pipeline';

/**
 * Why an answer cannot be continued, or null when it can: it was stopped, cut by the model's
 * output limit, or ended by an error after some text, and it is a chat answer (a comparison
 * keeps its answers as they were given, side by side).
 */
export function whyNotContinuable(row: MessageRow): string | null {
  if (isRunning(row.status)) return 'The answer is still being written.';
  if (row.comparison_id !== null) return 'Answers in a comparison cannot be continued.';
  if (!row.response) return 'The answer has no text to continue from; retry it instead.';
  if (row.status === 'completed' && row.finish_reason !== 'length')
    return 'The answer is complete; there is nothing to continue.';
  return null;
}

/**
 * Continue: the model carries on with an answer that was stopped, cut short or broken off, and
 * the stored answer grows (the same turn, streamed and resumable like any answer).
 *
 * It spends one message of the daily allowance, like Regenerate: it is another request to the
 * model, and the allowance (spec §9) is what bounds those. A continuation that fails gives its
 * unit back through the turn's usual refund.
 */
export class ContinueService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly deps: {
      pipeline: TurnPipeline;
      limits: LimitsService;
      generations: Generations;
      answers: AnswerService;
      drain: Drain;
    },
  ) {}

  async continue(
    owner: ChatOwner,
    id: string,
    liveConnectionId: string | null,
  ): Promise<MessageResponse> {
    this.deps.drain.refuseWhileDraining();
    const row = await this.messages.findOwned(owner, id);
    if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    const refusal = whyNotContinuable(row);
    if (refusal) throw new AppError('conflict', refusal);
    const model = await this.deps.pipeline.resolve(owner, {
      model: row.model,
      provider: row.provider,
    });
    const partial = row.response ?? '';
    const chargedDay = await this.deps.limits.spend(owner);
    const requestId = randomUUID();
    const claimed = await this.messages.claimForContinue(owner, row.id, {
      status: 'pending',
      error: null,
      error_code: null,
      finish_reason: null,
      request_id: requestId,
      owner_process: this.deps.generations.processId,
      // The turn holds one unit: the one it still has, or this one when its own came back.
      ...(row.charged_day === null && { charged_day: chargedDay }),
      updated_at: new Date().toISOString(),
    });
    if (!claimed) {
      if (chargedDay !== null) await this.deps.limits.refund(owner, chargedDay);
      throw new AppError('conflict', 'The answer is already being continued.');
    }
    const fresh = (await this.messages.findById(row.id)) ?? row;
    const response = await this.deps.answers.startAndAnswer(
      fresh,
      { owner, liveConnectionId },
      requestId,
      {
        isRetry: true,
        prefix: {
          text: partial,
          inputTokens: Number(row.input_tokens ?? 0),
          outputTokens: Number(row.output_tokens ?? 0),
          // The answer's tool rows and citations stay, and new ones number on from them.
          ...toolRecordOf(row),
        },
        answer: () =>
          this.deps.answers.openStored(fresh, model, {
            mayHaveAttachments: true,
            partialAnswer: partial,
          }),
      },
    );
    return response;
  }
}
