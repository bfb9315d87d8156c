/**
 * What other features may use of chat: the send pipeline and history (app.chat.sends,
 * .queries), and the generations and answers the vault runs its own turns with.
 */
export type { SendContext, SendService } from './send.service';
export type { ChatService } from './chat.service';
export type { ChatServices } from './chat.plugin';
export { leafBelow, versionsOf, type Versions } from './message-tree';
export type { TurnLink } from './messages.repository';
