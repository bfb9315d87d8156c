import type { ChatTitleSettings } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../infra/errors';
import type { ConversationsService } from '../../conversations';
import type { ModelsService } from '../../models/models.service';
import type { ChatTitleSettingsRepository } from './chat-title-settings.repository';
import { cleanTitle, TITLE_MAX_OUTPUT_TOKENS, titlePrompt } from './title-text';

/** A choice is re-read this often: every answered turn asks, and it changes rarely. */
export const TITLE_SETTING_TTL_MS = 5_000;
/** A title is a few tokens; an upstream slower than this names nothing, the fallback does. */
export const TITLE_TIMEOUT_MS = 20_000;

/**
 * Titles written by a model after a chat's first answer: a short whole-answer call through the
 * same adapters, to the model the admin chose (none: the first words name the chat). It runs
 * after the answer has ended and is nobody's message unit.
 */
export class ChatTitles {
  #cached: { modelId: Promise<string | null>; until: number } | undefined;

  constructor(
    private readonly settings: ChatTitleSettingsRepository,
    private readonly deps: {
      models: ModelsService;
      conversations: ConversationsService;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The title model now, or null (off); a failed read counts as off and is not kept. */
  modelId(): Promise<string | null> {
    const now = Date.now();
    if (this.#cached && this.#cached.until > now) return this.#cached.modelId;
    const modelId = this.settings.get().then((row) => row?.model_id ?? null);
    this.#cached = { modelId, until: now + TITLE_SETTING_TTL_MS };
    modelId.catch(() => {
      if (this.#cached?.modelId === modelId) this.#cached = undefined;
    });
    return modelId.catch(() => null);
  }

  async current(): Promise<ChatTitleSettings> {
    const row = await this.settings.get();
    return { model_id: row?.model_id ?? null, updated_at: row?.updated_at ?? null };
  }

  /** Sets the title model (null: off); refused, naming the field, for a model not enabled. */
  async update(modelId: string | null, userId: string): Promise<ChatTitleSettings> {
    if (modelId !== null) {
      const { models } = await this.deps.models.catalogue();
      if (!models.some((model) => model.id === modelId))
        throw new AppError('validation_error', `model_id: no enabled model is called ${modelId}`);
    }
    await this.settings.set(modelId, userId, new Date().toISOString());
    this.#cached = undefined;
    return this.current();
  }

  /**
   * Names a chat after its first turn with `modelId`'s title, or after the question's first
   * words when the call fails or answers nothing usable. A person's own title is kept.
   */
  async write(conversationId: string, question: string, modelId: string): Promise<void> {
    let title: string | null = null;
    try {
      const answer = await this.deps.models.completeChat(modelId, {
        messages: [{ role: 'user', content: titlePrompt(question) }],
        maxOutputTokens: TITLE_MAX_OUTPUT_TOKENS,
        signal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
      });
      title = cleanTitle(answer.text);
    } catch (error) {
      this.deps.log.warn({ err: error, modelId }, 'a chat title call failed; first words name it');
    }
    if (title) await this.deps.conversations.nameGenerated(conversationId, title);
    else await this.deps.conversations.nameFromFirstMessage(conversationId, question);
  }
}
