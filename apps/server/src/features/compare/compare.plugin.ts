import fp from 'fastify-plugin';
import { CompareSendsRepository } from './compare-sends.repository';
import { CompareSends } from './compare-sends.service';
import { CompareRepository } from './compare.repository';
import { CompareService, type PanelTurns } from './compare.service';
import { LeaderboardService } from './leaderboard.service';
import { ArenaRepository } from './arena.repository';
import { ArenaVotes } from './arena-votes.service';
import { ArenaAdmin } from './arena-admin.service';
import { ArenaBattles } from './arena-battles.service';
import { ArenaCategories } from './arena-categories.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Allocated comparison ids, and the panels chat's sends add to comparisons. */
    readonly compareSends: CompareSends;
    /** Comparisons: sessions, panel sends through chat, votes, "continue with this one". */
    readonly compare: CompareService;
    readonly leaderboard: LeaderboardService;
    /** The arena's admin side: votes export, automated-voting view, classifier choice. */
    readonly arenaAdmin: ArenaAdmin;
    /** Random battles: two models picked blind where the arena is least certain. */
    readonly arenaBattles: ArenaBattles;
  }
}

/**
 * The part of compare chat's send pipeline calls (allocated ids, joining as a panel): chat
 * reads it, so it is registered before chat, and the rest of compare after it.
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

export interface ComparePluginOptions {
  /** Chat's send pipeline: the app passes it (see app/feature-plugins.ts). */
  turns?: PanelTurns;
}

/** Comparisons: sessions, votes, the leaderboard; every panel turn goes through `turns`. */
export const comparePlugin = fp(
  async (app, { turns }: ComparePluginOptions) => {
    if (turns === undefined) throw new Error('compare needs the app to pass it turns to send.');
    const repository = new CompareRepository(app.db);
    const { models } = app;
    const leaderboard = new LeaderboardService(
      app.db,
      (ids) => models.rowsOf(ids),
      app.chat.records,
      app.log,
    );
    const arenaRepository = new ArenaRepository(app.db);
    const categories = new ArenaCategories(arenaRepository, models, app.log);
    // Category calls run after the vote's answer; closing waits for them before the database.
    const classifying = new Set<Promise<void>>();
    app.decorate(
      'compare',
      new CompareService({
        repository,
        conversations: app.conversations,
        models: app.models,
        limits: app.limits,
        messages: turns,
        turns: app.chat.records,
        sends: app.compareSends,
        arena: new ArenaVotes(arenaRepository, app.config.arena.dailyVoteCap),
        onVoted: () => leaderboard.requestRecompute(),
        classify: (sessionId, turnIndex, prompt) => {
          const work = categories
            .classify(sessionId, turnIndex, prompt)
            .then(async (stored) => {
              if (!stored) return;
              await arenaRepository.bumpVersion();
              leaderboard.requestRecompute();
            })
            .catch((error: unknown) => app.log.warn({ err: error }, 'arena categories failed'))
            .finally(() => classifying.delete(work));
          classifying.add(work);
        },
      }),
    );
    app.decorate('leaderboard', leaderboard);
    app.decorate(
      'arenaAdmin',
      new ArenaAdmin(
        arenaRepository,
        app.config.arena.dailyVoteCap,
        async (id) => (await models.rowsOf([id])).length > 0,
      ),
    );
    app.decorate(
      'arenaBattles',
      new ArenaBattles({ compare: app.compare, models, limits: app.limits, leaderboard }),
    );
    leaderboard.start();
    app.addHook('onClose', async () => {
      await Promise.all(classifying);
      await leaderboard.close();
    });
    app.visitors.onVisitorClaimed(async (visitorId, userId) => {
      await repository.moveVisitorToUser(visitorId, userId);
      // The visitor's blind votes now belong to an account: the global boards count them.
      await arenaRepository.bumpVersion();
      leaderboard.requestRecompute();
    });
  },
  {
    name: 'compare',
    dependencies: ['compare-sends', 'conversations', 'models', 'limits', 'chat'],
    decorators: { fastify: ['visitors'] },
  },
);
