import type { AiStreamStatus, Citation, MessageSource, ToolCallView } from '@parallax/contract';
import type { Bus } from '../infra/bus/bus';
import {
  encodeEnvelope,
  encodeLogEntry,
  encodeRouting,
  messageLog,
  ownerTopic,
  type StreamEnvelope,
  type StreamEvent,
} from './stream-envelope';

export interface StreamAddress {
  ownerKey: string;
  messageId: string;
  attempt: string;
  target: string | null;
}

/**
 * The events of one generation attempt, numbered and sent to the bus: each is appended to the
 * message's replay log and published to its owner's topic, in order.
 */
export class MessageStreamPublisher {
  #order = 0;
  #sequence = 0;
  #last: Promise<void> = Promise.resolve();
  #failure: unknown = undefined;
  readonly #topic: string;
  readonly #log: string;
  /** The routing part of every envelope's JSON, encoded once per attempt. */
  readonly #routing: string;

  constructor(
    private readonly bus: Bus,
    private readonly address: StreamAddress,
    /** Continue a stream another process started (its last order and token sequence). */
    startOrder = 0,
    startSequence = 0,
  ) {
    this.#order = startOrder;
    this.#sequence = startSequence;
    this.#topic = ownerTopic(address.ownerKey);
    this.#log = messageLog(address.messageId);
    this.#routing = encodeRouting({
      owner: address.ownerKey,
      messageId: address.messageId,
      attempt: address.attempt,
      target: address.target,
    });
  }

  /*
   * Events are handed to the bus without waiting: the bus keeps their order, and a generation
   * must not stall a token behind the previous token's round trip to Redis. A failed append
   * surfaces at the next event (thrown) and at `complete`/`fail` (rejected).
   */

  status(
    status: AiStreamStatus,
    extra: {
      details?: string;
      stage?: string;
      sources?: MessageSource[];
      citations?: Citation[];
    } = {},
  ): void {
    const final = status === 'completed' || status === 'error';
    this.#emit({ type: 'ai_status', status, message_id: this.address.messageId, ...extra }, final);
  }

  progress(progress: number, stage: string): void {
    this.#emit({ type: 'ai_progress', progress, stage, message_id: this.address.messageId }, false);
  }

  token(text: string): void {
    this.#sequence += 1;
    this.#emit(
      {
        type: 'ai_token',
        message_id: this.address.messageId,
        token: text,
        sequence: this.#sequence,
        is_complete: false,
        at: Date.now(),
      },
      false,
    );
  }

  /**
   * A tool call started or changed state. Numbered from the tokens' counter: a client that
   * resumes after token N is replayed the tool events after it, and none before.
   */
  tool(call: ToolCallView, citations: readonly Citation[] = []): void {
    this.#sequence += 1;
    this.#emit(
      {
        type: 'ai_tool',
        message_id: this.address.messageId,
        sequence: this.#sequence,
        call,
        ...(citations.length > 0 ? { citations: [...citations] } : {}),
      },
      false,
    );
  }

  /**
   * The closing token (empty, is_complete) then the completed status, with the project files
   * the answer drew on and its numbered web sources; resolves once delivered.
   */
  async complete(
    details?: string,
    sources: readonly MessageSource[] = [],
    citations: readonly Citation[] = [],
  ): Promise<void> {
    this.#sequence += 1;
    this.#emit(
      {
        type: 'ai_token',
        message_id: this.address.messageId,
        token: '',
        sequence: this.#sequence,
        is_complete: true,
      },
      false,
    );
    this.status('completed', {
      ...(details === undefined ? {} : { details }),
      ...(sources.length > 0 ? { sources: [...sources] } : {}),
      ...(citations.length > 0 ? { citations: [...citations] } : {}),
    });
    await this.delivered();
  }

  async fail(error: { error: string; code: string; details?: string }): Promise<void> {
    // The failure is what the client must hear: it goes out even after a failed append.
    this.#failure = undefined;
    this.#emit({ type: 'error', ...error, message_id: this.address.messageId }, false);
    this.status('error', { details: error.error });
    await this.delivered();
  }

  /** Resolves once every event so far is on the bus; rejects with the first failed append. */
  async delivered(): Promise<void> {
    await this.#last;
    if (this.#failure !== undefined) throw this.#failure;
  }

  get tokensSent(): number {
    return this.#sequence;
  }

  #emit(event: StreamEvent, final: boolean): void {
    if (this.#failure !== undefined) throw this.#failure;
    this.#order += 1;
    const envelope: StreamEnvelope = {
      owner: this.address.ownerKey,
      messageId: this.address.messageId,
      attempt: this.address.attempt,
      order: this.#order,
      target: this.address.target,
      final,
      event,
    };
    const payload = encodeEnvelope(envelope, this.#routing);
    const appended = this.bus.appendAndPublish(
      this.#log,
      this.#topic,
      payload,
      encodeLogEntry(envelope),
    );
    this.#last = appended.catch((error: unknown) => {
      this.#failure ??= error;
    });
  }
}
