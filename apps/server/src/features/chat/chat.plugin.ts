import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerService } from './answer.service';
import { GenerationRunner } from './generation/generation-runner';
import { GenerationLeasesRepository } from './generation/generation-leases.repository';
import { Generations } from './generation/generations';
import { MessagesRepository } from './messages.repository';
import { ChatService } from './chat.service';
import { SendService } from './send.service';
import { resumeLookup } from './generation/resume-lookup';
import { RetryService } from './retry.service';

export interface ChatServices {
  sends: SendService;
  /** Opening upstream requests and running generations (the vault runs its turns with it). */
  answers: AnswerService;
  generations: Generations;
  /** History, cancel and clearing (the chat routes; the export reads history through it). */
  queries: ChatService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat: one set per process, shared by the chat routes. */
    readonly chat: ChatServices;
  }
}

export const chatPlugin = fp(async (app) => registerChat(app), {
  name: 'chat',
  dependencies: [
    'models',
    'conversations',
    'limits',
    'projects',
    'knowledge',
    'prompt-generator',
    'compare-sends',
    'attachments',
  ],
  decorators: { fastify: ['bus', 'realtime', 'drain', 'metrics', 'visitors'] },
});

/**
 * Root-level chat services: the process's generations (lease, sweeper, cancel), the send
 * pipeline, and what moves with a visitor who signs in. Call after registerRealtime and
 * registerModels, registerConversations,
 * registerLimits, registerCompare and registerAttachments.
 */
export async function registerChat(app: FastifyInstance): Promise<void> {
  const messagesRepository = new MessagesRepository(app.db);
  const { conversations, limits, attachments } = app;
  const generations = new Generations(
    app.bus,
    new GenerationLeasesRepository(app.db),
    messagesRepository,
    app.log,
  );
  const answers = new AnswerService(messagesRepository, {
    bus: app.bus,
    limits,
    conversations,
    projects: app.projects,
    knowledge: app.knowledge,
    promptGenerator: app.promptGenerator,
    generations,
    attachments,
    runner: new GenerationRunner(messagesRepository, app.log, app.metrics),
    log: app.log,
  });
  const retries = new RetryService(messagesRepository, { limits, generations, answers });
  const sends = new SendService(app.db, {
    messages: messagesRepository,
    models: app.models,
    limits,
    conversations,
    projects: app.projects,
    comparisons: app.compareSends,
    promptGenerator: app.promptGenerator,
    generations,
    attachments,
    answers,
    retries,
    drain: app.drain,
    metrics: app.metrics,
  });
  const queries = new ChatService(messagesRepository, {
    generations,
    conversations,
    limits,
    attachments,
  });
  app.decorate('chat', { sends, answers, generations, queries });
  app.realtime.setMessageLookup(resumeLookup(messagesRepository, generations));

  await generations.start(async (row) => {
    // An interrupted turn gave the user nothing: its unit comes back.
    if (!row.charged_day || !(await messagesRepository.clearCharge(row.id, row.charged_day)))
      return;
    // A vault turn has no owner columns: its account is the vault's.
    const userId =
      row.user_id ??
      (row.visitor_id === null && row.conversation_id !== null
        ? await messagesRepository.vaultUserOf(row.conversation_id)
        : null);
    const owner =
      userId !== null
        ? { kind: 'user' as const, id: userId }
        : { kind: 'visitor' as const, id: row.visitor_id ?? '' };
    await limits.refund(owner, row.charged_day);
  });
  app.addHook('preClose', () => generations.close());

  app.visitors.onVisitorClaimed((visitorId, userId) =>
    messagesRepository.moveVisitorToUser(visitorId, userId),
  );
}
