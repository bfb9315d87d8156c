import { randomUUID } from 'node:crypto';
import type { VaultSendRequest, VaultSendResponse } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../infra/bus/bus';
import { AppError, isAppError } from '../../infra/errors';
import { messageLog } from '../../realtime/stream-envelope';
import type { AttachmentsService } from '../attachments';
import type { ChatServices } from '../chat';
import type { LimitsService } from '../limits';
import type { ModelsService, ResolvedModel } from '../models/models.service';
import { openText, seal, sealText } from './vault-crypto';
import type { VaultChatsRepository, VaultMessageRow } from './vault-chats.repository';
import { branchOf } from './vault-branch';

const TITLE_CHARS = 80;
/** Statuses of an earlier turn the model is shown (as for any chat). */
const CONTEXT_STATUSES = new Set(['completed', 'cancelled']);

const aad = {
  title: (id: string) => `conversation:${id}:title`,
  content: (id: string) => `message:${id}:content`,
  response: (id: string) => `message:${id}:response`,
  filename: (id: string) => `attachment:${id}:filename`,
  file: (id: string) => `attachment:${id}:data`,
};

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
 * A turn of a chat kept in the vault, answered by the chat feature's own generation (the same
 * runner, websocket stream, cancel and partial writes as every chat). What differs is what is
 * stored: the turn, its files, the title and every write of the answer (each partial one and the
 * last) are sealed with the vault key, which lives only in this request's memory and in the
 * running generation's. The model reads the earlier turns and files opened for this request.
 *
 * The replay log (Redis stream, or memory) holds the answer's tokens in plain while it streams,
 * so that a reload can pick the stream up; it is deleted the moment the answer ends (a resume
 * after that reads the sealed answer through the vault). Encrypting its entries instead would
 * need the vault key on every resume, which the socket never carries.
 */
export class VaultSendService {
  constructor(
    private readonly deps: {
      chats: VaultChatsRepository;
      models: ModelsService;
      limits: LimitsService;
      attachments: AttachmentsService;
      chat: Pick<ChatServices, 'answers' | 'generations'>;
      bus: Bus;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Whatever refuses a send, checked before any file is read or stored. */
  async check(userId: string, body: VaultSendRequest): Promise<ResolvedModel> {
    const model = await this.#resolve(body);
    await this.deps.limits.assertModelAllowed({ kind: 'user', id: userId }, model.info);
    return model;
  }

  async send(
    userId: string,
    key: Buffer,
    body: VaultSendRequest,
    context: VaultSendContext,
  ): Promise<VaultSendResponse> {
    const { chats, limits } = this.deps;
    const model = await this.check(userId, body);
    const now = new Date();
    const at = now.toISOString();
    let conversationId = body.conversation_id;
    if (body.version_of !== undefined && conversationId === undefined)
      throw new AppError(
        'validation_error',
        'version_of: needs the conversation_id of that message.',
      );
    const { parentId, earlier, versions } = await this.#place(userId, key, body);
    const owner = { kind: 'user' as const, id: userId };
    const chargedDay = await limits.spend(owner, now);
    const storedFiles: string[] = [];
    let inserted = false;
    try {
      const files = await Promise.all(
        context.files.map(async (file) => {
          const id = randomUUID();
          const storage = await this.deps.attachments.storeCopy(
            Buffer.from(seal(key, file.data, aad.file(id)), 'latin1'),
          );
          storedFiles.push(storage);
          return { id, storage, file };
        }),
      );
      if (conversationId === undefined) {
        conversationId = randomUUID();
        const title = body.message.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS) || 'New chat';
        await chats.insertChat(
          conversationId,
          userId,
          sealText(key, title, aad.title(conversationId)),
          at,
        );
      }
      const id = body.message_id;
      const row: VaultMessageRow = {
        id,
        user_id: null,
        visitor_id: null,
        conversation_id: conversationId,
        comparison_id: null,
        content: sealText(key, body.message, aad.content(id)),
        response: null,
        provider: model.info.provider,
        model: model.info.id,
        model_friendly_name: model.info.friendly_name,
        status: 'pending',
        input_tokens: null,
        output_tokens: null,
        error: null,
        error_code: null,
        request_id: randomUUID(),
        include_history: 1,
        owner_process: this.deps.chat.generations.processId,
        charged_day: chargedDay,
        created_at: at,
        updated_at: at,
        ttft_ms: null,
        stream_ms: null,
        parent_id: parentId,
        chosen_at: at,
        sources: null,
        generator_instructions_version: null,
      };
      if (!(await chats.insertTurn(row, at)))
        throw new AppError('conflict', 'This message was sent already.');
      inserted = true;
      await chats.insertFiles(
        files.map(({ id: fileId, storage, file }, index) => ({
          id: fileId,
          user_id: null,
          visitor_id: null,
          message_id: id,
          filename: sealText(key, file.name, aad.filename(fileId)),
          content_type: file.contentType,
          size: file.data.length,
          storage_name: storage,
          // Listed by created_at: each a millisecond apart keeps the order they were sent in.
          created_at: new Date(now.getTime() + index).toISOString(),
        })),
      );
      storedFiles.length = 0;
      const done = this.#answer(key, row, model, owner, {
        earlier,
        target: context.liveConnectionId,
        files: context.files,
      }).catch((error: unknown) => this.deps.log.error({ err: error }, 'vault answer failed'));
      const sent = {
        id,
        conversation_id: conversationId,
        content: body.message,
        model: model.info.id,
        model_friendly_name: model.info.friendly_name,
        created_at: at,
        provider: model.info.provider,
        parent_id: parentId,
        sibling_ids: [...versions, id],
        sibling_index: versions.length,
        attachments: files.map(({ id: fileId, file }) => ({
          id: fileId,
          filename: file.name,
          content_type: file.contentType,
          size: file.data.length,
        })),
      };
      if (context.liveConnectionId !== null)
        return {
          conversation_id: conversationId,
          message: { ...sent, response: null, status: 'streaming', error: null },
        };
      await done;
      const stored = await chats.findTurn(id);
      const response =
        stored?.response == null ? null : openText(key, stored.response, aad.response(id));
      return {
        conversation_id: conversationId,
        message: {
          ...sent,
          response,
          status: stored?.status ?? 'error',
          error: stored?.error ?? null,
        },
      };
    } catch (error) {
      await this.deps.attachments.deleteFiles(storedFiles).catch(() => undefined);
      if (inserted && storedFiles.length > 0)
        await chats.updateTurn(body.message_id, {
          status: 'error',
          error: 'The files could not be stored.',
          owner_process: null,
        });
      const refund = !inserted || storedFiles.length > 0;
      if (chargedDay !== null && refund) await limits.refund(owner, chargedDay);
      throw error;
    }
  }

  /** Stop: aborts the vault turn's answer wherever it runs; 404 unless it is running here. */
  async findRunning(userId: string, messageId: string): Promise<{ id: string }> {
    const row = await this.deps.chats.findRunning(userId, messageId);
    if (row === undefined) throw new AppError('not_found', 'Message not found');
    return row;
  }

  /**
   * Where the new turn goes (after the chat's current turn, or beside the turn it is a version
   * of) and the earlier turns the model reads, opened.
   */
  async #place(
    userId: string,
    key: Buffer,
    body: VaultSendRequest,
  ): Promise<{
    parentId: string | null;
    earlier: Array<{ content: string; response: string | null }>;
    /** The turn's earlier versions (the turns of the chat with the same parent), oldest first. */
    versions: string[];
  }> {
    if (body.conversation_id === undefined) return { parentId: null, earlier: [], versions: [] };
    const rows = await this.deps.chats.find({ kind: 'vault', userId }, body.conversation_id);
    const root = rows?.conversations.find((c) => c.id === body.conversation_id);
    if (rows === undefined || root === undefined || root.kind === 'comparison')
      throw new AppError('not_found', 'Conversation not found.');
    if (rows.messages.some((m) => m.id === body.message_id))
      throw new AppError('conflict', 'This message was sent already.');
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
    const earlier = branchOf(rows.messages, parentId)
      .filter((m) => CONTEXT_STATUSES.has(m.status))
      .map((m) => ({
        content: openText(key, m.content, aad.content(m.id)) ?? '',
        response: m.response === null ? null : openText(key, m.response, aad.response(m.id)),
      }));
    const versions = rows.messages
      .filter((m) => m.conversation_id === root.id && m.parent_id === parentId)
      .map((m) => m.id);
    return { parentId, earlier, versions };
  }

  /**
   * Runs the answer; when it ends, its replay log goes (it held the tokens in plain), a failed
   * answer's unit comes back, and the chat moves up the vault's list.
   */
  async #answer(
    key: Buffer,
    row: VaultMessageRow,
    model: ResolvedModel,
    owner: { kind: 'user'; id: string },
    turn: {
      earlier: ReadonlyArray<{ content: string; response: string | null }>;
      target: string | null;
      files: readonly VaultSendFile[];
    },
  ): Promise<void> {
    const { answers } = this.deps.chat;
    const content = openText(key, row.content, aad.content(row.id)) ?? '';
    let outcome: string;
    try {
      outcome = await answers.runGeneration(row, {
        owner,
        target: turn.target,
        answer: () =>
          answers.openWith(model, { content, earlier: turn.earlier }, () =>
            Promise.resolve(
              turn.files.map((f) => ({
                filename: f.name,
                contentType: f.contentType,
                data: f.data,
              })),
            ),
          ),
        storedForm: (text) => sealText(key, text, aad.response(row.id)),
      });
    } finally {
      await this.deps.bus
        .deleteLog(messageLog(row.id))
        .catch((error: unknown) =>
          this.deps.log.warn({ err: error }, 'dropping a vault replay log failed'),
        );
    }
    try {
      if ((outcome === 'error' || outcome === 'interrupted') && row.charged_day !== null) {
        if (await this.deps.chats.clearCharge(row.id, row.charged_day))
          await this.deps.limits.refund(owner, row.charged_day);
      }
      if (row.conversation_id !== null)
        await this.deps.chats.touchChat(row.conversation_id, new Date().toISOString());
    } catch (error) {
      this.deps.log.error({ err: error }, 'after a vault answer, upkeep failed');
    }
  }

  async #resolve(body: VaultSendRequest): Promise<ResolvedModel> {
    let model: ResolvedModel;
    try {
      model = await this.deps.models.resolve(body.model);
    } catch (error) {
      if (isAppError(error)) throw new AppError('validation_error', `model: ${error.detail}`);
      throw error;
    }
    if (model.info.provider !== body.provider)
      throw new AppError(
        'validation_error',
        `model: ${model.info.friendly_name} is not a ${body.provider} model.`,
      );
    return model;
  }
}
