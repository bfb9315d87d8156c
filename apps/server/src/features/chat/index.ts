/**
 * What other features may use of chat: the send pipeline and history (app.chat.sends,
 * .queries), the turn pipeline's extension points (a context source a feature registers on
 * app.turnSources; a stored form, as the vault's sealed one), and the generations and answers
 * the vault runs its turns with.
 */
export type { SendContext, SendService } from './send.service';
export type { ChatService } from './chat.service';
export type { ChatServices } from './chat.plugin';
export type { FeedbackService } from './feedback/feedback.service';
export {
  choiceTime,
  groupByQuestion,
  leafBelow,
  singleVersion,
  versionsOf,
  type SiblingTurn,
  type TurnVersions,
  type Versions,
} from './message-tree';
export type { TurnLink } from './messages.repository';
export type {
  AssembledContext,
  ContextPart,
  SendFacts,
  TurnPin,
  TurnSource,
  TurnSubject,
} from './turn/turn-sources';
export { SOURCE_ORDER } from './turn/turn-sources';
export { toolRecordOf } from './message-view';
export type { StoredField, StoredForm } from './turn/stored-form';
export { acceptSendUploads, readSendUpload, SEND_UPLOAD_BODY_LIMIT } from './send-upload';
export type {
  DayCount,
  TurnStatsRepository as TurnStats,
  UsageErrorGroup,
  UsageFilter,
  UsageGroup,
  UsageTtft,
} from './turn-stats.repository';
