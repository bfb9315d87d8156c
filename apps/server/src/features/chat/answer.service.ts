import { HTTP, type MessageResponse } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { ownerKey } from '../../infra/auth/chat-owner';
import type { Bus } from '../../infra/bus/bus';
import { AppError } from '../../infra/errors';
import { MessageStreamPublisher } from '../../realtime/stream-publisher';
import type { AttachmentsService } from '../attachments';
import type { ConversationsService } from '../conversations';
import type { KnowledgeService } from '../knowledge';
import type { LimitsService } from '../limits';
import type { ProjectsService } from '../projects';
import type { PromptGeneratorService } from '../prompt-generator';
import type { ResolvedModel } from '../models/models.service';
import type { GenerationOutcome, GenerationRunner } from './generation/generation-runner';
import type { StoredForm } from './generation/partial-answers';
import type { Generations } from './generation/generations';
import {
  openUpstreamAnswer,
  type AnswerInput,
  type EarlierTurn,
  type UpstreamAnswer,
} from './generation/upstream-answer';
import { RUNNING_STATUSES, type MessageRow, type MessagesRepository } from './messages.repository';
import { toMessageResponse } from './message-view';

export const MESSAGE_NOT_FOUND = 'Message not found';
const WAIT_POLL_MS = 200;

export interface SendContext {
  owner: ChatOwner;
  /** X-Connection-Id, when it names a live socket of the owner. */
  liveConnectionId: string | null;
  /** Files uploaded with the send (already stored, not yet linked). */
  attachmentIds?: readonly string[];
}

export function isRunning(status: string): boolean {
  return (RUNNING_STATUSES as readonly string[]).includes(status);
}

export interface AnswerDeps {
  bus: Bus;
  limits: LimitsService;
  conversations: ConversationsService;
  projects: ProjectsService;
  knowledge: KnowledgeService;
  promptGenerator: PromptGeneratorService;
  generations: Generations;
  attachments: AttachmentsService;
  runner: GenerationRunner;
  log: FastifyBaseLogger;
}

/**
 * Answering a stored turn: opening its upstream request, running its generation, the upkeep
 * after it, and the response a send returns (streaming, or once the answer is stored).
 */
export class AnswerService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly deps: AnswerDeps,
  ) {}

  /** Opens the upstream request of a stored turn (a retry, a send with files, a busy moment). */
  openStored(
    row: MessageRow,
    model: ResolvedModel,
    start: { mayHaveAttachments: boolean },
  ): Promise<UpstreamAnswer> {
    return this.open(
      model,
      {
        content: row.content,
        parentId: row.parent_id,
        includeHistory: row.include_history === 1,
        instructions: {
          conversationId: row.conversation_id,
          projectId: null,
          generator:
            row.generator_instructions_version === null
              ? null
              : { version: row.generator_instructions_version, body: null },
        },
      },
      // A first send links its files before this point; no files, no query.
      () =>
        start.mayHaveAttachments ? this.deps.attachments.contentsFor(row.id) : Promise.resolve([]),
    );
  }

  /**
   * One turn's upstream request: its earlier turns (the branch ending at its parent, never
   * another version's) are read only when the send wants them and there are some.
   */
  open(
    model: ResolvedModel,
    turn: {
      content: string;
      parentId: string | null;
      includeHistory: boolean;
      /**
       * Whose project instructions and files open the context: the stored chat's, or a new
       * chat's project. A prompt generator turn opens with the generator's instructions of the
       * version it recorded instead (body null: read that version).
       */
      instructions: {
        conversationId: string | null;
        projectId: string | null;
        generator?: { version: number; body: string | null } | null;
      };
    },
    attachments: AnswerInput['attachments'],
  ): Promise<UpstreamAnswer> {
    const { conversationId, projectId, generator } = turn.instructions;
    const instructions = () =>
      generator
        ? generator.body !== null
          ? Promise.resolve(generator.body)
          : this.deps.promptGenerator.bodyOf(generator.version)
        : conversationId !== null
          ? this.deps.projects.instructionsOfConversation(conversationId)
          : projectId !== null
            ? this.deps.projects.instructionsOf(projectId)
            : Promise.resolve('');
    const knowledge = () => this.deps.knowledge.excerptsFor(turn.instructions, turn.content);
    const history =
      turn.includeHistory && turn.parentId !== null ? { leafId: turn.parentId } : null;
    return openUpstreamAnswer(
      { model, content: turn.content, history, attachments, instructions, knowledge },
      this.messages,
    );
  }

  /**
   * The upstream request of a turn whose earlier turns and files the caller read itself (a
   * vault chat's, opened with its key): no project instructions, no knowledge.
   */
  openWith(
    model: ResolvedModel,
    turn: { content: string; earlier: readonly EarlierTurn[] },
    attachments: AnswerInput['attachments'],
  ): Promise<UpstreamAnswer> {
    return openUpstreamAnswer(
      {
        model,
        content: turn.content,
        history: turn.earlier.length > 0 ? { turns: turn.earlier } : null,
        attachments,
        instructions: () => Promise.resolve(''),
        knowledge: () => Promise.resolve([]),
      },
      this.messages,
    );
  }

  /**
   * Runs the generation of a turn another feature stored and answers for (the vault): the
   * same runner, stream, replay log, partial writes and cancel path as every turn, with the
   * text turned into `storedForm` before each write, and none of the upkeep after it (the
   * caller's own). Resolves when the answer ended.
   */
  runGeneration(
    row: MessageRow,
    run: {
      owner: ChatOwner;
      target: string | null;
      answer: () => Promise<UpstreamAnswer>;
      storedForm: StoredForm;
    },
  ): Promise<GenerationOutcome> {
    const publisher = new MessageStreamPublisher(this.deps.bus, {
      ownerKey: ownerKey(run.owner),
      messageId: row.id,
      attempt: row.request_id,
      target: run.target,
    });
    return this.deps.generations.run(row.id, (signal, isShutdown) =>
      this.deps.runner.run({
        row,
        processId: this.deps.generations.processId,
        publisher,
        partials: this.deps.generations.partials,
        answer: run.answer,
        signal,
        isShutdown,
        storedForm: run.storedForm,
      }),
    );
  }

  async startAndAnswer(
    row: MessageRow,
    context: SendContext,
    attempt: string,
    start: {
      isRetry: boolean;
      answer: () => Promise<UpstreamAnswer>;
      /**
       * A turn this request has just stored, with what is left of the allowance after its unit:
       * a streaming reply is then made from the row in hand instead of reading it back.
       */
      stored?: { remaining: number | null };
    },
  ): Promise<MessageResponse> {
    const { owner } = context;
    const publisher = new MessageStreamPublisher(this.deps.bus, {
      ownerKey: ownerKey(owner),
      messageId: row.id,
      attempt,
      target: context.liveConnectionId,
    });
    if (start.isRetry) await publisher.resetLog();
    const done = this.deps.generations.run(row.id, (signal, isShutdown) =>
      this.deps.runner.run({
        row,
        processId: this.deps.generations.processId,
        publisher,
        partials: this.deps.generations.partials,
        answer: start.answer,
        signal,
        isShutdown,
        onAnswered: (db) => this.#afterAnswer(row, db),
      }),
    );
    void done
      .then((outcome) => this.#afterGeneration(owner, row, outcome))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'after-generation upkeep failed');
      });
    if (context.liveConnectionId !== null) {
      if (!start.stored) return this.answer(owner, row.id, true);
      const attachments = context.attachmentIds?.length
        ? await this.deps.attachments.rowsFor([row.id])
        : [];
      return toMessageResponse(row, attachments, start.stored.remaining, true);
    }
    await done;
    return this.answer(owner, row.id, false);
  }

  /**
   * Background: a failed turn is refunded, and a chat whose first answer failed is still named
   * after its question (it would otherwise stay "New chat" in every list).
   */
  async #afterGeneration(owner: ChatOwner, row: MessageRow, outcome: string): Promise<void> {
    if (outcome !== 'error' && outcome !== 'interrupted') return;
    if (row.conversation_id !== null)
      await this.deps.conversations.afterTurn(
        row.conversation_id,
        row.content,
        new Date().toISOString(),
      );
    const day = (await this.messages.findById(row.id))?.charged_day;
    if (day && (await this.messages.clearCharge(row.id, day)))
      await this.deps.limits.refund(owner, day);
  }

  /** Dates the conversation and names it after its first exchange, with the answer's write. */
  async #afterAnswer(row: MessageRow, db: Kysely<Database>): Promise<void> {
    if (row.conversation_id === null) return;
    await this.deps.conversations
      .within(db)
      .afterTurn(row.conversation_id, row.content, new Date().toISOString());
  }

  async answer(owner: ChatOwner, id: string, streaming: boolean): Promise<MessageResponse> {
    const row = await this.messages.findOwned(owner, id);
    if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    const attachments = await this.deps.attachments.rowsFor([row.id]);
    const { remaining } = await this.deps.limits.state(owner);
    return toMessageResponse(row, attachments, remaining, streaming && isRunning(row.status));
  }

  /** Waits for the turn to end, here or in another process (a duplicate send without a socket). */
  async waitForEnd(id: string): Promise<void> {
    const local = this.deps.generations.localDone(id);
    if (local) return void (await local);
    const deadline = Date.now() + HTTP.sendTimeoutMs;
    while (Date.now() < deadline) {
      const row = await this.messages.findById(id);
      if (!row || !isRunning(row.status)) return;
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }
}
