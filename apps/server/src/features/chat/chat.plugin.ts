import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerService } from './answer.service';
import { GenerationRunner } from './generation/generation-runner';
import { GenerationLeasesRepository } from './generation/generation-leases.repository';
import { Generations } from './generation/generations';
import { MessagesRepository } from './messages.repository';
import { ChatService } from './chat.service';
import { ContinueService } from './continue.service';
import { FeedbackRepository } from './feedback/feedback.repository';
import { FeedbackService } from './feedback/feedback.service';
import { SendService, type ComparisonPanels } from './send.service';
import { resumeLookup } from './generation/resume-lookup';
import { RetryService } from './retry.service';
import { TurnRecords } from './turn-records';
import { TurnStatsRepository } from './turn-stats.repository';
import { TurnPipeline } from './turn/turn-pipeline';
import { TurnRefunds } from './turn/turn-refunds';
import { TurnSources } from './turn/turn-sources';
import { TurnToolboxSlot } from './turn/turn-toolbox-slot';
import { ChatTitleSettingsRepository } from './titles/chat-title-settings.repository';
import { ChatTitles } from './titles/chat-titles.service';

export interface ChatServices {
  sends: SendService;
  /** Opening upstream requests and running generations (the vault runs its turns with it). */
  answers: AnswerService;
  generations: Generations;
  /** The one place a failed turn's unit comes back. */
  refunds: TurnRefunds;
  /** The stages a sender shares (the vault stores its sealed turns through it). */
  pipeline: TurnPipeline;
  /** Stored turns, for the features that read or move them (the vault). */
  records: TurnRecords;
  /** Figures over every account's turns (the admin console). */
  stats: TurnStatsRepository;
  /** History, cancel and clearing (the chat routes; the export reads history through it). */
  queries: ChatService;
  /** Continue: a stopped, cut or broken-off answer carried on (the continue route). */
  continues: ContinueService;
  /** Thumbs on answers (the feedback routes; the admin's figures per model). */
  feedback: FeedbackService;
  /** Comparison ids and panels, as the app handed them to chat (compare's CompareSends). */
  comparisons: ComparisonPanels;
  /** Which model names new chats (the admin console), and the naming itself. */
  titles: ChatTitles;
}

export interface ChatPluginOptions {
  /** The comparisons sends join (see app/feature-plugins.ts). */
  comparisons?: ComparisonPanels;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat: one set per process, shared by the chat routes. */
    readonly chat: ChatServices;
    /** The sources of a turn's context: each feature registers its own (chat imports none). */
    readonly turnSources: TurnSources;
    /** The tools a turn may offer: the tools feature gives its toolbox (`use`). */
    readonly turnToolbox: TurnToolboxSlot;
  }
}

/** Root-level, before the feature plugins: the registries the features' turn sources and tools join. */
export function registerTurnSources(app: FastifyInstance): void {
  app.decorate('turnSources', new TurnSources());
  app.decorate('turnToolbox', new TurnToolboxSlot());
}

export const chatPlugin = fp(
  async (app, { comparisons }: ChatPluginOptions) => {
    if (comparisons === undefined) throw new Error('chat needs the app to pass its comparisons.');
    await registerChat(app, comparisons);
  },
  {
    name: 'chat',
    dependencies: ['models', 'conversations', 'limits', 'attachments'],
    decorators: {
      fastify: ['bus', 'realtime', 'drain', 'metrics', 'visitors', 'turnSources', 'turnToolbox'],
    },
  },
);

/**
 * Root-level chat services: the process's generations (lease, sweeper, cancel), the send
 * pipeline, and what moves with a visitor who signs in.
 */
async function registerChat(app: FastifyInstance, comparisons: ComparisonPanels): Promise<void> {
  const messagesRepository = new MessagesRepository(app.db);
  const { conversations, limits, attachments } = app;
  const generations = new Generations(
    app.bus,
    new GenerationLeasesRepository(app.db),
    messagesRepository,
    app.log,
  );
  const refunds = new TurnRefunds(messagesRepository, { limits, conversations });
  const titles = new ChatTitles(new ChatTitleSettingsRepository(app.db), {
    models: app.models,
    conversations,
    log: app.log,
  });
  const answers = new AnswerService(messagesRepository, {
    bus: app.bus,
    limits,
    conversations,
    generations,
    attachments,
    runner: new GenerationRunner(messagesRepository, app.log, app.metrics),
    sources: app.turnSources,
    refunds,
    titles,
    toolbox: app.turnToolbox,
    log: app.log,
  });
  const retries = new RetryService(messagesRepository, { limits, generations, answers });
  const pipeline = new TurnPipeline(app.db, {
    models: app.models,
    limits,
    conversations,
    sources: app.turnSources,
    processId: generations.processId,
  });
  const sends = new SendService({
    pipeline,
    messages: messagesRepository,
    conversations,
    comparisons,
    attachments,
    answers,
    retries,
    drain: app.drain,
    metrics: app.metrics,
  });
  const feedback = new FeedbackService(new FeedbackRepository(app.db), messagesRepository);
  const queries = new ChatService(messagesRepository, {
    feedback,
    generations,
    conversations,
    limits,
    attachments,
  });
  const records = new TurnRecords(app.db, messagesRepository);
  const stats = new TurnStatsRepository(app.db);
  app.decorate('chat', {
    sends,
    answers,
    generations,
    refunds,
    pipeline,
    records,
    stats,
    queries,
    continues: new ContinueService(messagesRepository, {
      pipeline,
      limits,
      generations,
      answers,
      drain: app.drain,
    }),
    feedback,
    comparisons,
    titles,
  });
  app.realtime.setMessageLookup(resumeLookup(messagesRepository, generations));

  // An interrupted turn gave the user nothing: its unit comes back.
  await generations.start((row) => refunds.refund(row));
  app.addHook('preClose', () => generations.close());

  app.visitors.onVisitorClaimed((visitorId, userId) =>
    messagesRepository.moveVisitorToUser(visitorId, userId),
  );
}
