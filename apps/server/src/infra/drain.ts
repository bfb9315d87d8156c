import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process is draining before it stops (main.ts begins it on SIGTERM). */
    readonly drain: Drain;
  }
}

/** What a send gets while its process drains: 503 `server_restarting` + Retry-After; sending it again is safe. */
export const DRAINING_DETAIL = 'This server is restarting. Please send again.';
/** Seconds a refused client waits before sending again (by then the balancer has moved on). */
export const DRAINING_RETRY_AFTER_SECONDS = 1;

/**
 * A rolling restart's first step: the process keeps running its generations (their tokens go
 * through the bus to wherever the sockets reconnect) but takes no new work. Health answers
 * 503, sends are refused with 503, new sockets are turned away and open ones told to
 * reconnect elsewhere, and every response closes its connection, so a client or balancer
 * holding a keep-alive connection to this process opens a new one, to another.
 */
export class Drain {
  #draining = false;
  readonly #listeners: (() => void)[] = [];

  get draining(): boolean {
    return this.#draining;
  }

  /** `listener` runs once, when the drain begins. */
  onBegin(listener: () => void): void {
    this.#listeners.push(listener);
  }

  begin(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of this.#listeners) listener();
  }

  /** Throws the refusal a send gets while draining. */
  refuseWhileDraining(): void {
    if (this.#draining) throw new AppError('server_restarting', DRAINING_DETAIL);
  }
}

export function registerDrain(app: FastifyInstance): void {
  const drain = new Drain();
  app.decorate('drain', drain);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) {
      reply.header('connection', 'close');
      if (reply.statusCode === 503)
        reply.header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS));
    }
    done(null, payload);
  });
}
