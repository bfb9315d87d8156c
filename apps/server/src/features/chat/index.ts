/** What other features may use of chat: the send pipeline and history (app.chat.sends, .queries). */
export type { SendContext, SendService } from './send.service';
export type { ChatService } from './chat.service';
