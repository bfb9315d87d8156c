import type { Insertable } from 'kysely';
import type { CompareVotesTable } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { ArenaRepository } from './arena.repository';
import { answerStyle, promptHash } from './arena/answer-style';
import type { PanelMessageRow, PanelRow, SessionRow, VoteRow } from './compare.repository';
import { isHidden } from './compare-view';

type ArenaColumns = Pick<
  Insertable<CompareVotesTable>,
  'blind' | 'models' | 'prompt_hash' | 'style' | 'excluded' | 'decision_ms'
>;

/**
 * What the arena records with a verdict: whether the models were still hidden, the panels'
 * models, the prompt's hash, each answer's style, the decision time, and whether the account
 * is over its daily cap of blind votes (the vote is kept and shown as excluded, not refused).
 */
export class ArenaVotes {
  constructor(
    private readonly repository: ArenaRepository,
    private readonly dailyCap: number,
  ) {}

  async describe(input: {
    owner: ChatOwner;
    session: SessionRow;
    panels: readonly PanelRow[];
    /** The judged turn's answers, one per panel, in panel order. */
    answers: readonly PanelMessageRow[];
    previous: VoteRow | undefined;
    now: Date;
  }): Promise<ArenaColumns> {
    const { owner, session, panels, answers, previous, now } = input;
    const blind = isHidden(session) ? 1 : 0;
    let excluded = previous?.excluded ?? null;
    // A new blind verdict of an account spends one of its day's votes; a changed one does not.
    if (blind === 1 && owner.kind === 'user' && previous === undefined) {
      const counted = await this.repository.countVote(owner.id, now.toISOString().slice(0, 10));
      excluded = counted > this.dailyCap ? 'daily_cap' : null;
    }
    const asked = Math.min(...answers.map((a) => Date.parse(a.created_at)));
    return {
      blind,
      models: JSON.stringify(panels.map((p) => p.model)),
      prompt_hash: answers[0] ? promptHash(answers[0].content) : null,
      style: JSON.stringify(answers.map((a) => answerStyle(a.response))),
      excluded,
      decision_ms: Number.isFinite(asked) ? Math.max(0, now.getTime() - asked) : null,
    };
  }

  /** Every process's boards are now behind. */
  bumpVersion(): Promise<void> {
    return this.repository.bumpVersion();
  }
}
