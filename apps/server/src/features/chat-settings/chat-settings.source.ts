import type { ChatSettings } from '@parallax/contract';
import { SOURCE_ORDER, type TurnSource } from '../chat';
import type { GenerationParameters } from '../../providers/chat-types';
import { ChatSettingsRepository } from './chat-settings.repository';
import type { ChatSettingsService } from './chat-settings.service';

/** Settings left unset stay out of the request: the model's own defaults apply. */
export function parametersOf(settings: ChatSettings): GenerationParameters {
  return {
    ...(settings.temperature === null ? {} : { temperature: settings.temperature }),
    ...(settings.top_p === null ? {} : { topP: settings.top_p }),
    ...(settings.max_output_tokens === null ? {} : { maxOutputTokens: settings.max_output_tokens }),
    ...(settings.reasoning_effort === null ? {} : { reasoningEffort: settings.reasoning_effort }),
    ...(settings.stop.length === 0 ? {} : { stopSequences: settings.stop }),
  };
}

/**
 * The chat's own system prompt closes the system message (after the account's and project's
 * instructions) and its parameters go with every turn. A new chat's first send carries them
 * before they are stored, and they are kept in that send's transaction.
 */
export function chatSettingsSource(service: ChatSettingsService): TurnSource {
  return {
    name: 'chat-settings',
    order: SOURCE_ORDER.chat,
    provides: 'system',
    read: async (turn) => {
      const settings =
        turn.conversationId === null
          ? turn.chatSettings
          : await service.forTurn(turn.conversationId);
      if (!settings) return {};
      return {
        system: settings.system_prompt.trim(),
        parameters: parametersOf(settings),
        webSearch: settings.web_search,
        mcp: settings.mcp,
      };
    },
    storeWithNewChat: async (db, conversationId, send) => {
      if (!send.chatSettings) return;
      await new ChatSettingsRepository(db).putSettings(
        conversationId,
        JSON.stringify(send.chatSettings),
        new Date().toISOString(),
      );
    },
  };
}
