import { randomUUID } from 'node:crypto';
import type { VaultSendRequest, VaultSendResponse } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../infra/errors';
import type { AttachmentsService } from '../attachments';
import {
  groupByQuestion,
  toolRecordOf,
  type ChatServices,
  type SiblingTurn,
  type StoredForm,
} from '../chat';
import type { ResolvedModel } from '../models/models.service';
import type { VaultChatsRepository } from './vault-chats.repository';
import type { VaultItems } from './vault-items';
import { sealedForm } from './vault-stored-form';

const TITLE_CHARS = 80;
const SENT_ALREADY = 'This message was sent already.';

/** A file sent with a vault turn, already checked like any send's. */
export interface VaultSendFile {
  name: string;
  contentType: string;
  data: Buffer;
}

export interface VaultSendContext {
  /** X-Connection-Id, when it names a live socket of the caller: the answer streams to it. */
  liveConnectionId: string | null;
  files: readonly VaultSendFile[];
}

/**
 * A turn of a chat kept in the vault: chat's own turn pipeline (the same model and limits
 * checks, store, context, generation, stream, cancel, partial writes and refund as every
 * chat) with the vault's sealed stored form. What the vault adds is its key policy — the key
 * lives only in this request's memory and in the running generation's — and which chats are
 * its: the turn, its files, the title and every write of the answer are sealed, and no source
 * of project or generator context is read.
 *
 * The replay log (Redis stream, or memory) holds the answer's tokens in plain while it streams,
 * so that a reload can pick the stream up; the sealed form drops it the moment the answer ends
 * (a resume after that reads the sealed answer through the vault). Encrypting its entries
 * instead would need the vault key on every resume, which the socket never carries.
 */
export class VaultSendService {
  constructor(
    private readonly deps: {
      items: VaultItems;
      files: VaultChatsRepository;
      chat: Pick<ChatServices, 'pipeline' | 'answers' | 'queries' | 'records'>;
      attachments: AttachmentsService;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Whatever refuses a send, checked before any file is read or stored. */
  check(userId: string, body: VaultSendRequest): Promise<ResolvedModel> {
    return this.deps.chat.pipeline.resolve({ kind: 'user', id: userId }, body);
  }

  async send(
    userId: string,
    key: Buffer,
    body: VaultSendRequest,
    context: VaultSendContext,
  ): Promise<VaultSendResponse> {
    const { pipeline, answers } = this.deps.chat;
    const form = sealedForm(key);
    const owner = { kind: 'user' as const, id: userId };
    const model = await this.check(userId, body);
    if (body.version_of !== undefined && body.conversation_id === undefined)
      throw new AppError(
        'validation_error',
        'version_of: needs the conversation_id of that message.',
      );
    const { parentId, versions } = await this.#place(userId, body, form);
    const sentAt = new Date();
    const now = sentAt.toISOString();
    const id = body.message_id;
    const storedFiles: string[] = [];
    try {
      const files = await Promise.all(
        context.files.map(async (file, index) => {
          const fileId = randomUUID();
          const storage = await this.deps.attachments.storeCopy(form.sealFile(fileId, file.data));
          storedFiles.push(storage);
          return { id: fileId, storage, file, index };
        }),
      );
      const stored = await pipeline.store({
        id,
        comparisonId: null,
        content: form.seal('content', id, body.message),
        model,
        includeHistory: true,
        parentId,
        pinnedVersion: null,
        rowOwner: null,
        payer: owner,
        conversation:
          body.conversation_id ??
          ((conversations, _trx, leafId) =>
            conversations.createInVault(
              userId,
              (chatId) => sealedTitle(form, chatId, body),
              now,
              leafId,
            )),
        // The files' rows (owned by no account, names sealed) go with the turn.
        withTurn: (trx, stored) =>
          this.deps.files.within(trx).insertFiles(
            files.map(({ id: fileId, storage, file, index }) => ({
              id: fileId,
              user_id: null,
              visitor_id: null,
              message_id: stored.id,
              filename: form.seal('filename', fileId, file.name),
              content_type: file.contentType,
              size: file.data.length,
              storage_name: storage,
              // Listed by created_at: each a millisecond apart keeps the order they were sent in.
              created_at: new Date(sentAt.getTime() + index).toISOString(),
            })),
          ),
        sentAt,
        now,
      });
      if (stored === null) throw new AppError('conflict', SENT_ALREADY);
      const { row, remaining } = stored;
      storedFiles.length = 0;
      const done = answers.run(row, {
        owner,
        target: context.liveConnectionId,
        attempt: row.request_id,
        form,
        answer: () =>
          answers.open(
            model,
            {
              content: body.message,
              parentId,
              includeHistory: true,
              subject: null,
              form,
              vaultTools: {
                owner,
                webSearch: body.web_search === true,
                ...(body.mcp !== undefined && { mcp: body.mcp }),
              },
            },
            () =>
              Promise.resolve(
                context.files.map((f) => ({
                  filename: f.name,
                  contentType: f.contentType,
                  data: f.data,
                })),
              ),
          ),
      });
      const grouped = groupByQuestion(
        [...versions, { id, created_at: now, chosen_at: null, question: body.message }],
        id,
      );
      const sent = {
        id,
        conversation_id: row.conversation_id ?? '',
        content: body.message,
        model: model.info.id,
        model_friendly_name: model.info.friendly_name,
        provider: model.info.provider,
        parent_id: parentId,
        sibling_ids: grouped.siblings.ids,
        sibling_index: grouped.siblings.index,
        question_version_ids: grouped.questions.ids,
        question_version_index: grouped.questions.index,
        answer_sibling_ids: grouped.answers.ids,
        answer_sibling_index: grouped.answers.index,
        created_at: now,
        attachments: files.map(({ id: fileId, file }) => ({
          id: fileId,
          filename: file.name,
          content_type: file.contentType,
          size: file.data.length,
        })),
      };
      if (context.liveConnectionId !== null) {
        done.catch((error: unknown) => this.deps.log.error({ err: error }, 'vault answer failed'));
        return {
          conversation_id: sent.conversation_id,
          message: { ...sent, response: null, status: 'streaming', error: null },
          remaining_messages: remaining,
          request_id: row.request_id,
        };
      }
      await done.catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'vault answer failed'),
      );
      return {
        conversation_id: sent.conversation_id,
        message: { ...sent, ...(await this.#answered(form, id)) },
        remaining_messages: remaining,
        request_id: row.request_id,
      };
    } catch (error) {
      await this.deps.attachments.deleteFiles(storedFiles).catch(() => undefined);
      throw error;
    }
  }

  /** Stop: aborts the vault turn's answer wherever it runs; 404 unless it is running. */
  async stop(userId: string, messageId: string) {
    const running = await this.deps.chat.records.runningInVault(userId, messageId);
    if (running.length === 0) throw new AppError('not_found', 'Message not found');
    return this.deps.chat.queries.stopAndWait(running);
  }

  /** The stored end of a turn, opened. */
  async #answered(
    form: StoredForm,
    id: string,
  ): Promise<
    { response: string | null; status: string; error: string | null } & ReturnType<
      typeof toolRecordOf
    >
  > {
    const stored = await this.deps.chat.records.find(id);
    const opened = (field: 'tool_calls' | 'citations') => {
      const text = stored?.[field] ?? null;
      return text === null ? null : form.open(field, id, text);
    };
    return {
      response: stored?.response == null ? null : form.open('response', id, stored.response),
      status: stored?.status ?? 'error',
      error: stored?.error ?? null,
      ...toolRecordOf({ tool_calls: opened('tool_calls'), citations: opened('citations') }),
    };
  }

  /**
   * Where the new turn goes: after the chat's current turn, or beside the turn it is a version
   * of (with that turn's earlier versions and their questions).
   */
  async #place(
    userId: string,
    body: VaultSendRequest,
    form: StoredForm,
  ): Promise<{ parentId: string | null; versions: SiblingTurn[] }> {
    if (body.conversation_id === undefined) return { parentId: null, versions: [] };
    const rows = await this.deps.items.find({ kind: 'vault', userId }, body.conversation_id);
    const root = rows?.conversations.find((c) => c.id === body.conversation_id);
    if (rows === undefined || root === undefined || root.kind === 'comparison')
      throw new AppError('not_found', 'Conversation not found.');
    if (rows.messages.some((m) => m.id === body.message_id))
      throw new AppError('conflict', SENT_ALREADY);
    let parentId = root.current_leaf_id ?? rows.messages.at(-1)?.id ?? null;
    if (body.version_of !== undefined) {
      const version = rows.messages.find((m) => m.id === body.version_of);
      if (version === undefined)
        throw new AppError(
          'validation_error',
          'version_of: the message is not in this conversation.',
        );
      parentId = version.parent_id;
    }
    const versions = rows.messages
      .filter((m) => m.conversation_id === root.id && m.parent_id === parentId)
      .map((m) => ({ ...m, question: form.open('content', m.id, m.content) }));
    return { parentId, versions };
  }
}

/** A new vault chat is named after its first turn, sealed. */
function sealedTitle(form: StoredForm, chatId: string, body: VaultSendRequest): string {
  const title = body.message.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS) || 'New chat';
  return form.seal('title', chatId, title);
}
