import { randomUUID } from 'node:crypto';
import {
  CHAT_SETTINGS_LIMITS,
  ChatSettings,
  EMPTY_CHAT_SETTINGS,
  type CreatePresetRequest,
  type Preset,
  type UpdatePresetRequest,
} from '@parallax/contract';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { AppError } from '../../infra/errors';
import type { ConversationsService } from '../conversations';
import type { ModelsService } from '../models/models.service';
import type { ChatSettingsRepository, PresetRow } from './chat-settings.repository';

export const PRESET_NOT_FOUND = 'Preset not found';

/** Stored JSON as the contract's shape; a row that no longer parses reads as no settings. */
export function parseSettings(json: string | null): ChatSettings {
  if (json === null) return EMPTY_CHAT_SETTINGS;
  try {
    const parsed = ChatSettings.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : EMPTY_CHAT_SETTINGS;
  } catch {
    return EMPTY_CHAT_SETTINGS;
  }
}

function toPreset(row: PresetRow): Preset {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider as Preset['provider'],
    model: row.model,
    settings: parseSettings(row.settings),
    is_default: row.is_default === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A chat's settings (its owner's, read through the chat) and a user's presets. */
export class ChatSettingsService {
  constructor(
    private readonly repository: ChatSettingsRepository,
    private readonly deps: { conversations: ConversationsService; models: ModelsService },
  ) {}

  /** The chat's settings; 404 for a chat that is not the caller's (vault chats included). */
  async get(owner: ChatOwner, conversationId: string): Promise<ChatSettings> {
    await this.deps.conversations.get(owner, conversationId);
    return this.forTurn(conversationId);
  }

  async put(
    owner: ChatOwner,
    conversationId: string,
    settings: ChatSettings,
  ): Promise<ChatSettings> {
    await this.deps.conversations.get(owner, conversationId);
    await this.repository.putSettings(
      conversationId,
      JSON.stringify(settings),
      new Date().toISOString(),
    );
    return settings;
  }

  /** What a turn of the chat is answered with (no owner check: the turn's is done). */
  async forTurn(conversationId: string): Promise<ChatSettings> {
    return parseSettings(await this.repository.settingsOf(conversationId));
  }

  /**
   * The chat's own settings as stored, null when it has none (the data export; no owner
   * check: the export lists the caller's chats first).
   */
  async storedFor(conversationId: string): Promise<ChatSettings | null> {
    const json = await this.repository.settingsOf(conversationId);
    return json === null ? null : parseSettings(json);
  }

  async presets(userId: string): Promise<Preset[]> {
    return (await this.repository.presetsOf(userId)).map(toPreset);
  }

  async createPreset(userId: string, body: CreatePresetRequest): Promise<Preset> {
    const request = {
      provider: body.provider ?? null,
      model: body.model ?? null,
      settings: ChatSettings.parse(body.settings),
    };
    if (request.model !== null) await this.#assertModel(request.model);
    if ((await this.repository.countOf(userId)) >= CHAT_SETTINGS_LIMITS.presets)
      throw new AppError(
        'limit_exceeded',
        `You can keep ${CHAT_SETTINGS_LIMITS.presets} presets; delete one to save another.`,
      );
    const now = new Date().toISOString();
    const id = randomUUID();
    await this.repository.insertPreset({
      id,
      user_id: userId,
      name: body.name.trim(),
      provider: request.provider,
      model: request.model,
      settings: JSON.stringify(request.settings),
      is_default: 0,
      created_at: now,
      updated_at: now,
    });
    return this.#owned(userId, id);
  }

  async updatePreset(userId: string, id: string, body: UpdatePresetRequest): Promise<Preset> {
    await this.#owned(userId, id);
    const now = new Date().toISOString();
    if (body.name !== undefined)
      await this.repository.renamePreset(userId, id, body.name.trim(), now);
    if (body.is_default !== undefined)
      await this.repository.setDefault(userId, id, body.is_default, now);
    return this.#owned(userId, id);
  }

  async deletePreset(userId: string, id: string): Promise<void> {
    if (!(await this.repository.deletePreset(userId, id)))
      throw new AppError('not_found', PRESET_NOT_FOUND);
  }

  async #owned(userId: string, id: string): Promise<Preset> {
    const row = await this.repository.presetOf(userId, id);
    if (!row) throw new AppError('not_found', PRESET_NOT_FOUND);
    return toPreset(row);
  }

  async #assertModel(model: string): Promise<void> {
    try {
      await this.deps.models.resolve(model);
    } catch {
      throw new AppError('validation_error', `model: ${model} is not a known model.`);
    }
  }
}
