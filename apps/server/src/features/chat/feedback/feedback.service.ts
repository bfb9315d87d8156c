import type {
  FeedbackReason,
  FeedbackRow,
  MessageFeedback,
  SetFeedbackRequest,
} from '@parallax/contract';
import { FeedbackReason as Reason, FeedbackRating } from '@parallax/contract';
import { AppError } from '../../../infra/errors';
import type { ChatOwner } from '../../../infra/auth/chat-owner';
import { MESSAGE_NOT_FOUND } from '../answer.service';
import type { MessagesRepository } from '../messages.repository';
import type { UsageFilter } from '../turn-stats.repository';
import type { FeedbackRepository, FeedbackRowStored } from './feedback.repository';

/** A stored row as the contract's feedback; an unreadable rating or reason reads as none. */
export function toFeedback(row: FeedbackRowStored): MessageFeedback | null {
  const rating = FeedbackRating.safeParse(row.rating);
  if (!rating.success) return null;
  const reason = Reason.safeParse(row.reason);
  return {
    rating: rating.data,
    reason: reason.success ? reason.data : null,
    comment: row.comment,
  };
}

/**
 * Thumbs on answers: the owner of a turn rates its answer (only a finished one: an answer still
 * streaming has nothing to judge yet); admins read the figures per model.
 */
export class FeedbackService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly messages: MessagesRepository,
  ) {}

  async set(
    owner: ChatOwner,
    messageId: string,
    body: SetFeedbackRequest,
  ): Promise<MessageFeedback> {
    await this.#ownedAnswer(owner, messageId);
    const down = body.rating === 'down';
    const values = {
      rating: body.rating,
      reason: down ? (body.reason ?? null) : null,
      comment: down && body.comment ? body.comment : null,
    };
    await this.feedback.upsert(messageId, values);
    return values;
  }

  async clear(owner: ChatOwner, messageId: string): Promise<boolean> {
    await this.#ownedAnswer(owner, messageId);
    return this.feedback.remove(messageId);
  }

  /** Each turn's feedback by turn id (history shows it on the answers). */
  async byMessage(ids: readonly string[]): Promise<Map<string, MessageFeedback>> {
    const map = new Map<string, MessageFeedback>();
    for (const row of await this.feedback.forMessages(ids)) {
      const feedback = toFeedback(row);
      if (feedback) map.set(row.message_id, feedback);
    }
    return map;
  }

  /** Up, down and the reasons of the downs per model, most rated first. */
  async perModel(filter: UsageFilter): Promise<FeedbackRow[]> {
    const rows = new Map<string, FeedbackRow>();
    for (const g of await this.feedback.groups(filter)) {
      const key = `${g.provider}|${g.model}`;
      const row = rows.get(key) ?? {
        provider: g.provider,
        model: g.model,
        up: 0,
        down: 0,
        down_reasons: {},
      };
      if (g.rating === 'up') row.up += g.n;
      else if (g.rating === 'down') {
        row.down += g.n;
        const reason: FeedbackReason | 'none' = Reason.safeParse(g.reason).data ?? 'none';
        row.down_reasons[reason] = (row.down_reasons[reason] ?? 0) + g.n;
      }
      rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => b.up + b.down - (a.up + a.down));
  }

  async #ownedAnswer(owner: ChatOwner, messageId: string): Promise<void> {
    const row = await this.messages.findOwned(owner, messageId);
    if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    if (row.status === 'pending' || row.status === 'streaming')
      throw new AppError('conflict', 'The answer is still being written; rate it once it ends.');
  }
}
