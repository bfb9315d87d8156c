/** What other features may use of chat: the send pipeline, provided as app.chat.sends. */
export type { SendContext, SendService } from './send.service';
