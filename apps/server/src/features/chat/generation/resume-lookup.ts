import { MESSAGES } from '@parallax/contract';
import type { MessageLookup } from '../../../realtime/realtime-hub';
import type { Generations } from './generations';
import { RUNNING_STATUSES, type MessagesRepository } from '../messages.repository';

/** What a resume without a replay log learns from the database: owned? still running? how it ended. */
export function resumeLookup(
  messages: MessagesRepository,
  generations: Generations,
): MessageLookup {
  return async (owner, messageId) => {
    const row = await messages.findOwned(owner, messageId);
    if (!row) return { found: false };
    const running =
      (RUNNING_STATUSES as readonly string[]).includes(row.status) ||
      generations.isRunningHere(messageId);
    if (running) return { found: true, running: true, finalEvent: null };
    if (row.status === 'error') {
      return {
        found: true,
        running: false,
        finalEvent: {
          type: 'ai_status',
          status: 'error',
          message_id: messageId,
          details: row.error ?? MESSAGES.streamErrorDefault,
        },
      };
    }
    return {
      found: true,
      running: false,
      finalEvent: {
        type: 'ai_status',
        status: 'completed',
        message_id: messageId,
        ...(row.status === 'cancelled' ? { details: 'cancelled' } : {}),
      },
    };
  };
}
