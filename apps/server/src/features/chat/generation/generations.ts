import { randomUUID } from 'node:crypto';
import { MESSAGES, STREAM_ERROR_CODES } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../../infra/bus/bus';
import { decodeLog, messageLog } from '../../../realtime/stream-envelope';
import { MessageStreamPublisher } from '../../../realtime/stream-publisher';
import { ownerKey, type ChatOwner } from '../../../infra/auth/chat-owner';
import type { GenerationLeasesRepository } from './generation-leases.repository';
import type { GenerationOutcome } from './generation-runner';
import type { MessageRow, MessagesRepository } from '../messages.repository';
import { PartialAnswers } from './partial-answers';

const CANCEL_TOPIC = 'generation-cancel';
/** How often a process proves it is alive, and how old a proof may be before its turns are orphans. */
export const HEARTBEAT_INTERVAL_MS = 2_000;
export const LEASE_STALE_MS = 8_000;
const SWEEP_INTERVAL_MS = 4_000;
const LEASE_FORGET_MS = 24 * 60 * 60_000;

interface Running {
  controller: AbortController;
  shutdown: boolean;
  done: Promise<GenerationOutcome>;
}

export type StartGeneration = (
  signal: AbortSignal,
  isShutdown: () => boolean,
) => Promise<GenerationOutcome>;

/**
 * The generations this process runs: cancel requests from any process (through the bus), a
 * heartbeat lease in the database, and a sweeper that marks turns of dead processes as
 * interrupted, so nothing stays "streaming" forever once any process is up.
 */
export class Generations {
  readonly processId = randomUUID();
  readonly #running = new Map<string, Running>();
  /** The growing answers of this process's generations, written to the database in batches. */
  readonly partials: PartialAnswers;
  #timers: NodeJS.Timeout[] = [];
  #stopCancel: (() => Promise<void>) | undefined;
  #onInterrupted: (row: MessageRow) => Promise<void> = async () => {};

  constructor(
    private readonly bus: Bus,
    private readonly leases: GenerationLeasesRepository,
    private readonly messages: MessagesRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    this.partials = new PartialAnswers(
      (partials) => this.messages.writePartials(this.processId, partials, new Date().toISOString()),
      log,
    );
  }

  async start(onInterrupted: (row: MessageRow) => Promise<void>): Promise<void> {
    this.#onInterrupted = onInterrupted;
    await this.leases.heartbeat(this.processId, new Date().toISOString());
    this.#stopCancel = await this.bus.subscribe(CANCEL_TOPIC, (messageId) =>
      this.#abortLocal(messageId),
    );
    await this.sweep();
    this.partials.start();
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(
        () =>
          void task().catch((error: unknown) =>
            this.log.warn({ err: error }, 'generation upkeep failed'),
          ),
        ms,
      );
      timer.unref();
      this.#timers.push(timer);
    };
    every(HEARTBEAT_INTERVAL_MS, () =>
      this.leases.heartbeat(this.processId, new Date().toISOString()),
    );
    every(SWEEP_INTERVAL_MS, () => this.sweep());
  }

  /** Runs a generation here; it lives until it ends or is cancelled, whatever happens to sockets. */
  run(messageId: string, generate: StartGeneration): Promise<GenerationOutcome> {
    const controller = new AbortController();
    const running: Running = { controller, shutdown: false, done: Promise.resolve('completed') };
    running.done = generate(controller.signal, () => running.shutdown).finally(() => {
      if (this.#running.get(messageId) === running) this.#running.delete(messageId);
    });
    this.#running.set(messageId, running);
    return running.done;
  }

  isRunningHere(messageId: string): boolean {
    return this.#running.has(messageId);
  }

  /** The local generation's end, if it runs here. */
  localDone(messageId: string): Promise<GenerationOutcome> | undefined {
    return this.#running.get(messageId)?.done;
  }

  /** Asks whichever process runs the message to abort it. */
  async cancel(messageId: string): Promise<void> {
    if (this.#abortLocal(messageId)) return;
    await this.bus.publish(CANCEL_TOPIC, messageId);
  }

  /** Marks running turns of processes without a fresh lease as interrupted. */
  async sweep(): Promise<void> {
    const now = Date.now();
    const orphans = await this.messages.orphaned(new Date(now - LEASE_STALE_MS).toISOString());
    for (const row of orphans) {
      if (row.owner_process === this.processId) continue;
      const marked = await this.messages.markInterrupted(row, {
        status: 'error',
        error: MESSAGES.streamErrorService,
        error_code: STREAM_ERROR_CODES.interrupted,
        owner_process: null,
        updated_at: new Date().toISOString(),
      });
      if (!marked) continue;
      await this.#onInterrupted(row).catch((error: unknown) =>
        this.log.warn({ err: error }, 'interrupted upkeep failed'),
      );
      // A vault turn (no owner columns) has no topic to announce on, and its replay log holds
      // its text in plain: the log goes (a client resuming it reads the end from the vault).
      const ended =
        row.user_id === null && row.visitor_id === null
          ? this.bus.deleteLog(messageLog(row.id))
          : this.#announceInterrupted(row);
      await ended.catch((error: unknown) =>
        this.log.warn({ err: error }, 'interrupted event failed'),
      );
    }
    await this.leases.deleteOlderThan(new Date(now - LEASE_FORGET_MS).toISOString());
  }

  /**
   * Resolves once no generation runs here, or after `graceMs`, whichever comes first (the
   * drain of a rolling restart: answers under way finish before the process stops). Answers
   * whether none was left.
   */
  async whenIdle(graceMs: number): Promise<boolean> {
    const deadline = Date.now() + graceMs;
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    try {
      // A send accepted just before the drain may start its generation meanwhile: look again.
      while (this.#running.size > 0 && Date.now() < deadline) {
        const ends = [...this.#running.values()].map((r) =>
          r.done.then(
            () => undefined,
            () => undefined,
          ),
        );
        await Promise.race([Promise.all(ends), timeUp]);
      }
    } finally {
      clearTimeout(timer);
    }
    return this.#running.size === 0;
  }

  get runningCount(): number {
    return this.#running.size;
  }

  /** Graceful stop: running answers end as interrupted (retryable), the lease goes. */
  async close(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.#stopCancel?.();
    for (const running of this.#running.values()) {
      running.shutdown = true;
      running.controller.abort();
    }
    await Promise.allSettled([...this.#running.values()].map((r) => r.done));
    await this.partials.close();
    await this.leases.release(this.processId).catch(() => undefined);
  }

  #abortLocal(messageId: string): boolean {
    const running = this.#running.get(messageId);
    if (!running) return false;
    running.controller.abort();
    return true;
  }

  /** Tells clients following the dead stream that it ended, continuing its numbering. */
  async #announceInterrupted(row: MessageRow): Promise<void> {
    const owner: ChatOwner =
      row.user_id !== null
        ? { kind: 'user', id: row.user_id }
        : { kind: 'visitor', id: row.visitor_id ?? '' };
    const logged = decodeLog(await this.bus.readLog(messageLog(row.id)));
    const last = logged.at(-1);
    // Tokens and tool events share the numbering the stream goes on from.
    const lastNumbered = logged.findLast(
      (e) => e.event.type === 'ai_token' || e.event.type === 'ai_tool',
    )?.event;
    const publisher = new MessageStreamPublisher(
      this.bus,
      {
        ownerKey: ownerKey(owner),
        messageId: row.id,
        attempt: last?.attempt ?? row.request_id,
        target: last?.target ?? null,
      },
      last?.order ?? 0,
      lastNumbered?.type === 'ai_token' || lastNumbered?.type === 'ai_tool'
        ? lastNumbered.sequence
        : 0,
    );
    await publisher.fail({
      error: MESSAGES.streamErrorService,
      code: STREAM_ERROR_CODES.interrupted,
    });
  }
}
