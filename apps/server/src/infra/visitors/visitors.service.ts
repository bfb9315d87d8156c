import type { FastifyBaseLogger } from 'fastify';
import type { VisitorsRepository } from './visitors.repository';

/** Moves what a visitor made (conversations, ...) to the account that just signed in. */
export type VisitorClaimedListener = (visitorId: string, userId: string) => Promise<void>;

/**
 * Visitors are anonymous callers known by their `visitor_…` id (X-Visitor-Id). When one signs
 * up or signs in, the features that keep visitor data move it to the account: each registers
 * a listener with `app.visitors.onVisitorClaimed(...)` when its routes are registered.
 */
export class VisitorsService {
  private readonly listeners: VisitorClaimedListener[] = [];

  constructor(
    private readonly repository: VisitorsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  onVisitorClaimed(listener: VisitorClaimedListener): void {
    this.listeners.push(listener);
  }

  /**
   * Hands the visitor's data to the user, once per visitor id: a leaked id cannot later pour
   * someone's anonymous history into another account. Listener failures are logged and do not
   * fail the sign-in.
   */
  async claim(visitorId: string, userId: string): Promise<boolean> {
    const first = await this.repository.insertClaim(visitorId, userId, new Date().toISOString());
    if (!first) return false;
    for (const listener of this.listeners) {
      try {
        await listener(visitorId, userId);
      } catch (error) {
        this.log.error({ err: error }, 'moving visitor data to an account failed');
      }
    }
    return true;
  }

  /** The account a visitor id was claimed by, if any. */
  claimantOf(visitorId: string): Promise<string | undefined> {
    return this.repository.findClaimant(visitorId);
  }

  /** The visitor ids an account claimed (one per sign-in from a new browser). */
  claimedBy(userId: string): Promise<string[]> {
    return this.repository.findClaimedBy(userId);
  }
}
