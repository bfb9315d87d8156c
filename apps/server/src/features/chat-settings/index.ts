export type { ChatSettingsService } from './chat-settings.service';
