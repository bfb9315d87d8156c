// What other features may use of support: the admin inbox builds on its thread and reply box.
export { TicketThread } from './components/ticket-thread';
export { ReplyBox } from './components/reply-box';
export {
  adminReply,
  adminUpdateTicket,
  supportKey,
  useInboxTicket,
  useSupportInbox,
} from './api/support-api';
export { CATEGORY_LABELS, statusLabel, statusTone } from './model/support-labels';
