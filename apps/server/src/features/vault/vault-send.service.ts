import { randomUUID } from 'node:crypto';
import { MESSAGES, type VaultSendRequest, type VaultSendResponse } from '@parallax/contract';
import { ContextError, buildContext } from '../../providers/context';
import { isProviderError } from '../../providers/provider-error';
import { AppError, isAppError } from '../../infra/errors';
import type { LimitsService } from '../limits';
import type { ModelsService, ResolvedModel } from '../models/models.service';
import { openText, sealText } from './vault-crypto';
import type { VaultChatsRepository } from './vault-chats.repository';

/** A partial answer is written (sealed) at most this often while it streams. */
const PARTIAL_WRITE_MS = 500;
const TITLE_CHARS = 80;

const aad = {
  title: (id: string) => `conversation:${id}:title`,
  content: (id: string) => `message:${id}:content`,
  response: (id: string) => `message:${id}:response`,
};

/**
 * A turn of a chat kept in the vault. The model reads the turn and the earlier ones opened
 * for this request only; everything written — the turn, each partial answer while it streams,
 * the final answer, a new chat's title — is sealed first. No replay log or search document is
 * made, so nothing of it exists outside the sealed rows.
 */
export class VaultSendService {
  constructor(
    private readonly chats: VaultChatsRepository,
    private readonly models: ModelsService,
    private readonly limits: LimitsService,
    /**
     * This process's generation lease: a turn marked with it is left alone by the sweepers of
     * live processes, and marked interrupted by them if this process dies mid-answer.
     */
    private readonly processId: string,
  ) {}

  async send(userId: string, key: Buffer, body: VaultSendRequest): Promise<VaultSendResponse> {
    const model = await this.#resolve(body);
    const now = new Date();
    const at = now.toISOString();
    let conversationId = body.conversation_id;
    const earlier: Array<{ content: string; response: string | null; id: string }> = [];
    if (conversationId !== undefined) {
      const rows = await this.chats.find({ kind: 'vault', userId }, conversationId);
      const root = rows?.conversations.find((c) => c.id === conversationId);
      if (rows === undefined || root === undefined || root.kind === 'comparison')
        throw new AppError('not_found', 'Conversation not found.');
      for (const m of rows.messages) {
        if (m.id === body.message_id)
          throw new AppError('conflict', 'This message was sent already.');
        earlier.push({
          id: m.id,
          content: openText(key, m.content, aad.content(m.id)) ?? '',
          response: m.response === null ? null : openText(key, m.response, aad.response(m.id)),
        });
      }
    }
    const owner = { kind: 'user' as const, id: userId };
    const chargedDay = await this.limits.spend(owner, now);
    if (conversationId === undefined) {
      conversationId = randomUUID();
      const title = body.message.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS) || 'New chat';
      await this.chats.insertChat(
        conversationId,
        userId,
        sealText(key, title, aad.title(conversationId)),
        at,
      );
    }
    const id = body.message_id;
    const inserted = await this.chats.insertTurn(
      {
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
        status: 'streaming',
        input_tokens: null,
        output_tokens: null,
        error: null,
        error_code: null,
        request_id: randomUUID(),
        include_history: 1,
        owner_process: this.processId,
        charged_day: chargedDay,
        created_at: at,
        updated_at: at,
        ttft_ms: null,
        stream_ms: null,
        parent_id: earlier.at(-1)?.id ?? null,
        chosen_at: at,
        sources: null,
      },
      at,
    );
    if (!inserted) {
      if (chargedDay !== null) await this.limits.refund(owner, chargedDay);
      throw new AppError('conflict', 'This message was sent already.');
    }
    const outcome = await this.#answer(key, id, model, earlier, body.message);
    return {
      conversation_id: conversationId,
      message: {
        id,
        conversation_id: conversationId,
        content: body.message,
        response: outcome.response,
        model: model.info.id,
        model_friendly_name: model.info.friendly_name,
        status: outcome.status,
        created_at: at,
        attachments: [],
      },
    };
  }

  async #answer(
    key: Buffer,
    id: string,
    model: ResolvedModel,
    earlier: ReadonlyArray<{ content: string; response: string | null }>,
    message: string,
  ): Promise<{ status: 'completed' | 'error'; response: string | null }> {
    let response = '';
    let lastWrite = Date.now();
    const seal = (text: string) => sealText(key, text, aad.response(id));
    try {
      const context = buildContext({
        model: {
          friendlyName: model.info.friendly_name,
          contextWindow: model.info.context_window,
          supportsVision: model.info.supports_vision,
        },
        history: earlier.flatMap((turn) => [
          { role: 'user' as const, content: turn.content },
          ...(turn.response ? [{ role: 'assistant' as const, content: turn.response }] : []),
        ]),
        message,
      });
      let usage = { inputTokens: 0, outputTokens: 0 };
      const stream = model.adapter.streamChat({
        model: model.info.model,
        system: context.system,
        messages: context.messages,
        signal: new AbortController().signal,
      });
      for await (const event of stream) {
        if (event.type === 'text') {
          response += event.text;
          if (Date.now() - lastWrite >= PARTIAL_WRITE_MS) {
            lastWrite = Date.now();
            await this.chats.updateTurn(id, {
              response: seal(response),
              updated_at: new Date().toISOString(),
            });
          }
        } else if (event.type === 'usage') {
          usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
        }
      }
      await this.chats.updateTurn(id, {
        status: 'completed',
        response: seal(response),
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        owner_process: null,
        updated_at: new Date().toISOString(),
      });
      return { status: 'completed', response };
    } catch (error) {
      const text =
        error instanceof ContextError || isProviderError(error)
          ? error.message
          : MESSAGES.streamErrorServer;
      await this.chats.updateTurn(id, {
        status: 'error',
        response: response === '' ? null : seal(response),
        error: text,
        owner_process: null,
        updated_at: new Date().toISOString(),
      });
      return { status: 'error', response: response === '' ? null : response };
    }
  }

  async #resolve(body: VaultSendRequest): Promise<ResolvedModel> {
    let model: ResolvedModel;
    try {
      model = await this.models.resolve(body.model);
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
