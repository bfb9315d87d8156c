import { randomUUID } from 'node:crypto';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { ToolRunContext } from './turn-tool';

/** A context for running a tool outside a turn (a direct check): no row, no approval clock. */
export function standaloneRunContext(owner: ChatOwner, signal: AbortSignal): ToolRunContext {
  return {
    signal,
    owner,
    call: { id: randomUUID(), messageId: randomUUID(), conversationId: null },
    update: () => undefined,
    outsideTimeout: (wait) => wait(),
  };
}
