import fp from 'fastify-plugin';
import { chatSettingsSource } from './chat-settings.source';
import { ChatSettingsRepository } from './chat-settings.repository';
import { ChatSettingsService } from './chat-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A chat's parameters and system prompt, and a user's presets of them. */
    readonly chatSettings: ChatSettingsService;
  }
}

/** Chat settings: their routes' service, and the turn source that sends them with each turn. */
export const chatSettingsPlugin = fp(
  async (app) => {
    const service = new ChatSettingsService(new ChatSettingsRepository(app.db), {
      conversations: app.conversations,
      models: app.models,
    });
    app.decorate('chatSettings', service);
    app.turnSources.register(chatSettingsSource(service));
  },
  {
    name: 'chat-settings',
    dependencies: ['conversations', 'models'],
    decorators: { fastify: ['turnSources'] },
  },
);
