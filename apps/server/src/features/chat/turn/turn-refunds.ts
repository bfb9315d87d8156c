import type { ChatOwner } from '../../../infra/auth/chat-owner';
import type { ConversationsService } from '../../conversations';
import type { LimitsService } from '../../limits';
import type { MessageRow, MessagesRepository } from '../messages.repository';

/** What a refund needs to know of a turn. */
export type ChargedTurn = Pick<
  MessageRow,
  'id' | 'charged_day' | 'user_id' | 'visitor_id' | 'conversation_id'
>;

/**
 * The one place a turn that gave nothing (failed, or interrupted by a process that died) gets
 * its unit back. Clearing the charge is the claim: whichever path notices first — the turn's
 * own process when its answer fails, or a sweeper in any process — refunds it, and no other.
 */
export class TurnRefunds {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly deps: { limits: LimitsService; conversations: ConversationsService },
  ) {}

  /** `payer`: the account charged, when the caller knows it (else read from the turn). */
  async refund(turn: ChargedTurn, payer?: ChatOwner): Promise<void> {
    const day = turn.charged_day;
    if (!day || !(await this.messages.clearCharge(turn.id, day))) return;
    const owner = payer ?? (await this.#payerOf(turn));
    if (owner !== null) await this.deps.limits.refund(owner, day);
  }

  async #payerOf(turn: ChargedTurn): Promise<ChatOwner | null> {
    if (turn.user_id !== null) return { kind: 'user', id: turn.user_id };
    if (turn.visitor_id !== null) return { kind: 'visitor', id: turn.visitor_id };
    // A vault turn has no owner columns: its account is the vault's.
    const vaultUser =
      turn.conversation_id === null
        ? null
        : await this.deps.conversations.vaultUserOf(turn.conversation_id);
    return vaultUser === null ? null : { kind: 'user', id: vaultUser };
  }
}
