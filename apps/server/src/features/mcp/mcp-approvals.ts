import type { ToolApprovalDecision } from '@parallax/contract';
import type { Bus } from '../../infra/bus/bus';
import type { McpRepository } from './mcp.repository';

/** Bus topic: an owner answered a waiting call (payload: `messageId callId`). */
export const MCP_APPROVAL_TOPIC = 'mcp.approval';
/** How often a wait re-reads its row too, should a bus message be lost. */
const POLL_MS = 2_000;

export type ApprovalOutcome = ToolApprovalDecision | 'expired';

export interface ApprovalAsk {
  ownerKey: string;
  messageId: string;
  callId: string;
  conversationId: string | null;
  serverId: string;
  toolName: string;
  until: Date;
  signal: AbortSignal;
}

/**
 * Calls that wait for their owner's answer. The wait is a row (so the answer route, on any
 * process, finds it scoped to its owner) and a bus message wakes the process that runs the call.
 */
export class McpApprovals {
  readonly #waiting = new Map<string, () => void>();
  #unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly repository: McpRepository,
    private readonly bus: Bus,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = await this.bus.subscribe(MCP_APPROVAL_TOPIC, (payload) => {
      this.#waiting.get(payload)?.();
    });
  }

  async stop(): Promise<void> {
    await this.#unsubscribe?.();
  }

  /**
   * Waits for the owner's answer, the time limit or Stop ('expired' for both). `announce` runs
   * once the wait is stored, so an answer to what it announces always finds it.
   */
  async wait(ask: ApprovalAsk, announce: () => void): Promise<ApprovalOutcome> {
    const key = `${ask.messageId} ${ask.callId}`;
    await this.repository.insertApproval({
      message_id: ask.messageId,
      call_id: ask.callId,
      owner_key: ask.ownerKey,
      conversation_id: ask.conversationId,
      server_id: ask.serverId,
      tool_name: ask.toolName,
      status: 'waiting',
      expires_at: ask.until.toISOString(),
      created_at: new Date().toISOString(),
    });
    announce();
    try {
      for (;;) {
        const row = await this.repository.approval(ask.messageId, ask.callId);
        if (row && row.status !== 'waiting') return outcomeOf(row.status);
        const left = ask.until.getTime() - Date.now();
        if (left <= 0 || ask.signal.aborted) return 'expired';
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            ask.signal.removeEventListener('abort', done);
            this.#waiting.delete(key);
            resolve();
          };
          const timer = setTimeout(done, Math.min(POLL_MS, left));
          ask.signal.addEventListener('abort', done, { once: true });
          this.#waiting.set(key, done);
        });
      }
    } finally {
      await this.repository.expire(ask.messageId, ask.callId);
    }
  }

  /** The owner's answer; false when no call of theirs waits under those ids. */
  async answer(
    ownerKey: string,
    messageId: string,
    callId: string,
    decision: ToolApprovalDecision,
  ): Promise<boolean> {
    const answered = await this.repository.answer(messageId, callId, ownerKey, decision);
    if (answered) await this.bus.publish(MCP_APPROVAL_TOPIC, `${messageId} ${callId}`);
    return answered;
  }
}

function outcomeOf(status: string): ApprovalOutcome {
  return status === 'allow' || status === 'deny' || status === 'always' ? status : 'expired';
}
