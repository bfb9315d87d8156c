import { randomUUID } from 'node:crypto';
import { COMPARE_MAX_PANELS } from '@parallax/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { AppError } from '../../infra/errors';
import type { LimitsService } from '../limits';
import { comparisonTitleFrom } from './compare-title';
import { CompareSendsRepository } from './compare-sends.repository';

export const COMPARISON_NOT_FOUND = 'Comparison not found';
/** An allocated comparison id no send has used within a day is forgotten. */
const ALLOCATION_TTL_MS = 24 * 60 * 60 * 1000;

export interface PanelSend {
  comparisonId: string;
  /** Registry id of the model the send asks. */
  model: string;
  prompt: string;
  now: string;
}

/**
 * What chat's sends need of compare (spec §7): a client allocates a comparison id and sends
 * each panel's first turn with it through POST /chat/messages, without any compare call. The
 * first such send creates the comparison for its owner, and each send that starts a new
 * conversation in it becomes its next panel.
 *
 * NOTE: only ids allocate-id handed to the same owner (recorded, for a day) may be created so:
 * a client cannot make up an id, nor take one allocated for somebody else, and another owner's
 * existing comparison stays a 404.
 */
export class CompareSends {
  constructor(
    private readonly repository: CompareSendsRepository,
    private readonly limits: LimitsService,
  ) {}

  /** The same over `db`: a send's transaction, so its panel exists with its turn or not at all. */
  within(db: Kysely<Database>): CompareSends {
    return new CompareSends(new CompareSendsRepository(db), this.limits.within(db));
  }

  async allocate(owner: ChatOwner, now: Date = new Date()): Promise<string> {
    const id = randomUUID();
    await this.repository.recordAllocation(
      id,
      owner,
      now.toISOString(),
      allocatedSince(now.getTime()),
    );
    return id;
  }

  /** May `owner` send a turn into this comparison: theirs, or allocated for them? */
  async maySend(owner: ChatOwner, comparisonId: string): Promise<boolean> {
    return (
      (await this.repository.ownsSession(owner, comparisonId)) ||
      this.repository.holdsAllocation(owner, comparisonId, allocatedSince(Date.now()))
    );
  }

  /**
   * Call within a send's transaction. Adds the conversation `makeConversation` creates (given
   * the comparison's title) as the next panel of the comparison, creating the comparison from
   * its allocation first. 404 for a comparison the owner neither has nor was allocated.
   */
  async joinAsPanel(
    owner: ChatOwner,
    send: PanelSend,
    makeConversation: (title: string) => Promise<string>,
  ): Promise<string> {
    const slot = await this.repository.lockForNewPanel(owner, send.comparisonId, {
      title: comparisonTitleFrom(send.prompt),
      now: send.now,
      allocatedSince: allocatedSince(Date.parse(send.now)),
    });
    if (!slot) throw new AppError('not_found', COMPARISON_NOT_FOUND);
    const rules = await this.limits.rulesFor(owner);
    const most = Math.min(COMPARE_MAX_PANELS, rules.comparePanels);
    if (slot.nextPosition >= most)
      throw new AppError(
        'validation_error',
        `comparison_id: the ${rules.planName} plan compares up to ${most} models at once; send the next turn with a panel's conversation_id.`,
      );
    const conversationId = await makeConversation(slot.title);
    await this.repository.insertPanel({
      session_id: send.comparisonId,
      position: slot.nextPosition,
      model: send.model,
      conversation_id: conversationId,
    });
    return conversationId;
  }

  /** POST /compare/sessions made the session itself: the allocation is spent. */
  forgetAllocation(comparisonId: string): Promise<void> {
    return this.repository.deleteAllocation(comparisonId);
  }

  moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    return this.repository.moveVisitorToUser(visitorId, userId);
  }
}

function allocatedSince(nowMs: number): string {
  return new Date(nowMs - ALLOCATION_TTL_MS).toISOString();
}
