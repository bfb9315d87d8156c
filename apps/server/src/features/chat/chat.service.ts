import {
  LIMITS,
  type CancelResponse,
  type HistoryQuery,
  type HistoryResponse,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { AttachmentsService } from '../attachments';
import type { ConversationsService } from '../conversations';
import type { FeedbackService } from './feedback/feedback.service';
import type { LimitsService } from '../limits';
import type { ChatServices } from './chat.plugin';
import { choiceTime, groupByQuestion, leafBelow, singleVersion, versionsOf } from './message-tree';
import { toChatMessage } from './message-view';
import { RUNNING_STATUSES, type MessageRow, type MessagesRepository } from './messages.repository';
import { MESSAGE_NOT_FOUND } from './answer.service';

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
      feedback: Pick<FeedbackService, 'byMessage'>;
      conversations: ConversationsService;
      limits: LimitsService;
    },
  ) {}

  /**
   * A page of turns on the current branch, oldest first; `cursor` continues with the turns
   * before it. Each turn names its versions, so the web can offer to switch between them.
   */
  async history(owner: ChatOwner, query: HistoryQuery): Promise<HistoryResponse> {
    const rows = await this.#pageRows(owner, query);
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const oldest = page.at(-1);
    const [messages, { remaining }] = await Promise.all([
      this.#toChatMessages(page.reverse()),
      this.chat.limits.state(owner),
    ]);
    return {
      messages,
      has_more: hasMore,
      cursor: hasMore && oldest ? encodeCursor(oldest.created_at, oldest.id) : null,
      remaining_messages: remaining,
    };
  }

  /** The page's turns, newest first, one more than asked for when there are more. */
  async #pageRows(owner: ChatOwner, query: HistoryQuery): Promise<MessageRow[]> {
    const before = query.cursor ? decodeCursor(query.cursor) : undefined;
    const limit = query.limit + 1;
    if (query.conversation_id === undefined)
      return this.messages.page(owner, {
        excludeComparisons: query.excludeComparisons,
        limit,
        offset: before ? 0 : query.offset,
        before,
      });
    const { currentLeafId } = await this.chat.conversations.thread(owner, query.conversation_id);
    if (currentLeafId === null) return [];
    // Within a chat, a cursor continues up the branch from the turn it names.
    return this.messages.branchPage(owner, {
      conversationId: query.conversation_id,
      from: before ? { id: before.id, include: false } : { id: currentLeafId, include: true },
      limit,
      offset: before ? 0 : query.offset,
    });
  }

  /**
   * Shows another version of a turn: the conversation's current branch becomes that version
   * and, below it, the turns that were shown with it last. Stored, so a reload or another
   * process shows the same branch. Answers with the first page of the new branch.
   */
  async selectVersion(owner: ChatOwner, messageId: string): Promise<HistoryResponse> {
    const row = await this.messages.findOwned(owner, messageId);
    if (!row?.conversation_id) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    const conversationId = row.conversation_id;
    const links = await this.messages.links([conversationId]);
    await this.messages.update(row.id, { chosen_at: choiceTime(links, row.id, new Date()) });
    await this.chat.conversations.setCurrentLeaf(conversationId, leafBelow(links, row.id));
    return this.history(owner, {
      conversation_id: conversationId,
      limit: LIMITS.historyPageSize,
      offset: 0,
      excludeComparisons: false,
    });
  }

  async #toChatMessages(rows: readonly MessageRow[]) {
    const ids = rows.map((r) => r.id);
    const [files, links, feedback] = await Promise.all([
      this.chat.attachments.rowsFor(ids),
      this.messages.siblingLinks(rows),
      this.chat.feedback.byMessage(ids),
    ]);
    const versions = versionsOf(links);
    const linkOf = new Map(links.map((link) => [link.id, link]));
    // Only the versions of turns that have others are grouped, so only their questions are read.
    const siblingIds = ids.flatMap((id) => {
      const siblings = versions.get(id)?.ids ?? [];
      return siblings.length > 1 ? siblings : [];
    });
    const questions = await this.messages.questions(siblingIds);
    const grouped = (id: string) => {
      const siblings = versions.get(id)?.ids ?? [];
      if (siblings.length < 2) return singleVersion(id);
      return groupByQuestion(
        siblings.flatMap((siblingId) => {
          const link = linkOf.get(siblingId);
          return link ? [{ ...link, question: questions.get(siblingId) ?? null }] : [];
        }),
        id,
      );
    };
    return rows.map((row) => ({
      ...toChatMessage(
        row,
        files.filter((f) => f.message_id === row.id),
        grouped(row.id),
      ),
      feedback: feedback.get(row.id) ?? null,
    }));
  }

  /**
   * Aborts the owner's matching running answers, wherever they run, and waits (briefly) until
   * they are stored as cancelled, so a history read right after shows the partial text.
   */
  async cancel(
    owner: ChatOwner,
    by: { messageId?: string | undefined; requestId?: string | undefined },
  ): Promise<CancelResponse> {
    return this.stopAndWait(await this.messages.findRunning(owner, by));
  }

  /**
   * Aborts these running turns wherever they run and waits (briefly) until they are stored as
   * cancelled. The caller has checked they are the caller's (the vault checks its own).
   */
  async stopAndWait(running: readonly Pick<MessageRow, 'id'>[]): Promise<CancelResponse> {
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
    // Their conversations are empty now.
    await this.chat.conversations.deleteOfVisitor(visitorId);
    await this.chat.attachments.deleteFiles(files);
    return deleted;
  }
}
