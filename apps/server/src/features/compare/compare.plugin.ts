import fp from 'fastify-plugin';
import { CompareSendsRepository } from './compare-sends.repository';
import { CompareSends } from './compare-sends.service';
import { CompareRepository } from './compare.repository';
import { CompareService } from './compare.service';
import { LeaderboardService } from './leaderboard.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Allocated comparison ids, and the panels chat's sends add to comparisons. */
    readonly compareSends: CompareSends;
    /** Comparisons: sessions, panel sends through chat, votes, "continue with this one". */
    readonly compare: CompareService;
    readonly leaderboard: LeaderboardService;
  }
}

/**
 * The part of compare chat's send pipeline calls, registered before chat. It is a plugin of
 * its own because chat still asks compare for it (see comparePlugin).
 */
export const compareSendsPlugin = fp(
  async (app) => {
    const compareSends = new CompareSends(new CompareSendsRepository(app.db), app.limits);
    app.decorate('compareSends', compareSends);
    app.visitors.onVisitorClaimed((visitorId, userId) =>
      compareSends.moveVisitorToUser(visitorId, userId),
    );
  },
  { name: 'compare-sends', dependencies: ['limits'], decorators: { fastify: ['visitors'] } },
);

/** Comparisons on top of chat: every panel turn goes through chat's send pipeline. */
export const comparePlugin = fp(
  async (app) => {
    const repository = new CompareRepository(app.db);
    app.decorate(
      'compare',
      new CompareService({
        repository,
        conversations: app.conversations,
        models: app.models,
        limits: app.limits,
        messages: app.chat.sends,
        sends: app.compareSends,
      }),
    );
    const { models } = app;
    app.decorate('leaderboard', new LeaderboardService(repository, (ids) => models.rowsOf(ids)));
    app.visitors.onVisitorClaimed((visitorId, userId) =>
      repository.moveVisitorToUser(visitorId, userId),
    );
  },
  {
    name: 'compare',
    dependencies: ['compare-sends', 'chat', 'conversations', 'models', 'limits'],
    decorators: { fastify: ['visitors'] },
  },
);
