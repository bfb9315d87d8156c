import type { CancelResponse, HistoryQuery, HistoryResponse } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { AttachmentsService } from '../attachments';
import type { ConversationsService } from '../conversations';
import type { LimitsService } from '../limits';
import type { ChatServices } from './chat.plugin';
import { toChatMessage } from './message-view';
import { RUNNING_STATUSES, type MessagesRepository } from './messages.repository';

const CANCEL_WAIT_MS = 3_000;
const CANCEL_POLL_MS = 50;

function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)))
    throw new AppError('validation_error', 'cursor: is not a cursor from a previous page.');
  return { createdAt, id };
}

/** History, cancel and clearing: the reads and small writes around sending. */
export class ChatService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly chat: Pick<ChatServices, 'generations'> & {
      attachments: AttachmentsService;
      conversations: ConversationsService;
      limits: LimitsService;
    },
  ) {}

  /** A page of turns, oldest first; `cursor` continues with the turns before it. */
  async history(owner: ChatOwner, query: HistoryQuery): Promise<HistoryResponse> {
    if (query.conversation_id !== undefined)
      await this.chat.conversations.get(owner, query.conversation_id);
    const rows = await this.messages.page(owner, {
      conversationId: query.conversation_id,
      excludeComparisons: query.conversation_id === undefined && query.excludeComparisons,
      limit: query.limit + 1,
      offset: query.cursor ? 0 : query.offset,
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
    });
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const files = await this.chat.attachments.rowsFor(page.map((r) => r.id));
    const oldest = page.at(-1);
    const { remaining } = await this.chat.limits.state(owner);
    return {
      messages: page.reverse().map((row) =>
        toChatMessage(
          row,
          files.filter((f) => f.message_id === row.id),
        ),
      ),
      has_more: hasMore,
      cursor: hasMore && oldest ? encodeCursor(oldest.created_at, oldest.id) : null,
      remaining_messages: remaining,
    };
  }

  /**
   * Aborts the owner's matching running answers, wherever they run, and waits (briefly) until
   * they are stored as cancelled, so a history read right after shows the partial text.
   */
  async cancel(
    owner: ChatOwner,
    by: { messageId?: string | undefined; requestId?: string | undefined },
  ): Promise<CancelResponse> {
    const running = await this.messages.findRunning(owner, by);
    if (running.length === 0) return { cancelled: false };
    await Promise.all(running.map((row) => this.chat.generations.cancel(row.id)));
    const deadline = Date.now() + CANCEL_WAIT_MS;
    for (const row of running) {
      const local = this.chat.generations.localDone(row.id);
      if (local) {
        await local;
        continue;
      }
      while (Date.now() < deadline) {
        const current = await this.messages.findById(row.id);
        if (!current || !(RUNNING_STATUSES as readonly string[]).includes(current.status)) break;
        await new Promise((resolve) => setTimeout(resolve, CANCEL_POLL_MS));
      }
    }
    return { cancelled: true };
  }

  async clearVisitor(visitorId: string): Promise<number> {
    const owner: ChatOwner = { kind: 'visitor', id: visitorId };
    for (const row of await this.messages.findRunning(owner, {}))
      await this.chat.generations.cancel(row.id);
    const files = await this.chat.attachments.deleteRowsOfVisitor(visitorId);
    const deleted = await this.messages.deleteVisitorMessages(visitorId);
    await this.chat.attachments.deleteFiles(files);
    return deleted;
  }
}
