import {
  PERSONALIZATION_LIMITS,
  rememberedFact,
  type Memory,
  type Personalization,
  type UpdatePersonalizationRequest,
} from '@parallax/contract';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { AppError } from '../../infra/errors';
import { timeOrderedId } from '../../infra/time-ordered-id';
import type { ConversationsService } from '../conversations';
import type { TurnSubject } from '../chat';
import type {
  MemoryRow,
  PersonalizationRepository,
  SettingsRow,
} from './personalization.repository';

export const MEMORY_NOT_FOUND = 'Memory not found';
const MEMORY_FULL = `text: you have ${PERSONALIZATION_LIMITS.memoriesMax} memories, the most there can be; delete one first.`;

function toMemory(row: MemoryRow): Memory {
  return {
    id: row.id,
    text: row.text,
    source_message_id: row.source_message_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toPersonalization(row: SettingsRow | undefined): Personalization {
  return {
    about: row?.about ?? '',
    style: row?.style ?? '',
    instructions_enabled: (row?.enabled ?? 1) === 1,
    // Memory stays off until the user turns it on.
    memory_enabled: row?.memory_enabled === 1,
  };
}

/**
 * An account's custom instructions and memory, and what of them a turn reads: nothing for a
 * sealed turn, a visitor's, or a chat where the owner switched them off.
 */
export class PersonalizationService {
  /**
   * Both sources read a turn's settings while the turn's context is assembled (at once, with
   * the same subject): one read serves them.
   */
  readonly #turnSettings = new WeakMap<
    TurnSubject,
    Promise<(Personalization & { userId: string }) | null>
  >();

  constructor(
    private readonly repo: PersonalizationRepository,
    private readonly conversations: ConversationsService,
  ) {}

  async get(userId: string): Promise<Personalization> {
    return toPersonalization(await this.repo.settings(userId));
  }

  async update(userId: string, changes: UpdatePersonalizationRequest): Promise<Personalization> {
    const now = toPersonalization(await this.repo.settings(userId));
    const next = { ...now, ...changes };
    await this.repo.saveSettings({
      user_id: userId,
      about: next.about,
      style: next.style,
      enabled: next.instructions_enabled ? 1 : 0,
      memory_enabled: next.memory_enabled ? 1 : 0,
      updated_at: new Date().toISOString(),
    });
    return next;
  }

  async memories(userId: string, sourceMessageId?: string): Promise<Memory[]> {
    if (sourceMessageId === undefined) return (await this.repo.memories(userId)).map(toMemory);
    const row = await this.repo.memoryFrom(userId, sourceMessageId);
    return row ? [toMemory(row)] : [];
  }

  async remember(userId: string, text: string, sourceMessageId: string | null): Promise<Memory> {
    if ((await this.repo.memoryCount(userId)) >= PERSONALIZATION_LIMITS.memoriesMax)
      throw new AppError('conflict', MEMORY_FULL);
    const now = new Date().toISOString();
    const row: MemoryRow = {
      id: timeOrderedId(),
      user_id: userId,
      text,
      source_message_id: sourceMessageId,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.repo.insertMemory(row)) && sourceMessageId !== null) {
      const saved = await this.repo.memoryFrom(userId, sourceMessageId);
      if (saved) return toMemory(saved);
    }
    return toMemory(row);
  }

  async editMemory(userId: string, id: string, text: string): Promise<Memory> {
    if (!(await this.repo.updateMemory(userId, id, text, new Date().toISOString())))
      throw new AppError('not_found', MEMORY_NOT_FOUND);
    const row = (await this.repo.memories(userId)).find((m) => m.id === id);
    if (!row) throw new AppError('not_found', MEMORY_NOT_FOUND);
    return toMemory(row);
  }

  async forget(userId: string, id: string): Promise<void> {
    if (!(await this.repo.deleteMemory(userId, id)))
      throw new AppError('not_found', MEMORY_NOT_FOUND);
  }

  /** Whether the chat reads the account's instructions and memory; 404 unless it is `owner`'s. */
  async chatEnabled(owner: ChatOwner, conversationId: string): Promise<boolean> {
    await this.conversations.get(owner, conversationId);
    return this.repo.chatEnabled(conversationId);
  }

  async setChatEnabled(
    owner: ChatOwner & { kind: 'user' },
    conversationId: string,
    enabled: boolean,
  ) {
    await this.conversations.get(owner, conversationId);
    await this.repo.setChatEnabled(owner.id, conversationId, enabled);
    return enabled;
  }

  /** The account's settings when the turn may read them at all; null otherwise. */
  #settingsFor(turn: TurnSubject): Promise<(Personalization & { userId: string }) | null> {
    let read = this.#turnSettings.get(turn);
    if (read === undefined) {
      read = this.#readSettings(turn);
      this.#turnSettings.set(turn, read);
    }
    return read;
  }

  async #readSettings(turn: TurnSubject): Promise<(Personalization & { userId: string }) | null> {
    if (turn.sealed || turn.owner?.kind !== 'user') return null;
    const userId = turn.owner.id;
    const [row, chatOn] = await Promise.all([
      this.repo.settings(userId),
      turn.conversationId === null ? true : this.repo.chatEnabled(turn.conversationId),
    ]);
    if (row === undefined || !chatOn) return null;
    return { ...toPersonalization(row), userId };
  }

  /** The custom instructions a turn opens with ('' when none apply). */
  async instructionsFor(turn: TurnSubject): Promise<string> {
    const settings = await this.#settingsFor(turn);
    if (!settings?.instructions_enabled) return '';
    const parts = [
      settings.about && `What the user wants you to know about them:\n${settings.about}`,
      settings.style && `How the user wants you to answer:\n${settings.style}`,
    ].filter(Boolean);
    return parts.join('\n\n');
  }

  /**
   * The account's memories for a turn ('' when memory is off); a turn that asks to remember
   * something ("Remember that…") saves it first, once, unless memory is full.
   */
  async memoryFor(turn: TurnSubject): Promise<string> {
    const settings = await this.#settingsFor(turn);
    if (!settings?.memory_enabled) return '';
    const fact = rememberedFact(turn.content);
    if (fact !== null)
      await this.remember(settings.userId, fact, turn.turnId).catch((error: unknown) => {
        // A full memory answers the turn without saving; the marker then does not show.
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      });
    const memories = await this.repo.memories(settings.userId);
    if (memories.length === 0) return '';
    const lines = memories.map((m) => `- ${m.text}`).reverse();
    return `What the user asked you to remember:\n${lines.join('\n')}`;
  }
}
