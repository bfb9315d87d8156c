import type * as Contract from '@parallax/contract';

/**
 * The contract schemas the web checks answers against. Only these are turned into JSON Schema
 * for the browser (wire-schemas.plugin.ts), so a fetcher that needs a new one adds it here.
 */
export const WIRE_SCHEMA_NAMES = [
  'AllocateIdResponse',
  'ApiKey',
  'ApiKeysResponse',
  'AuthProvidersResponse',
  'CancelResponse',
  'CompareCheckLimitsResponse',
  'CompareContinueResponse',
  'CompareListResponse',
  'ComparePanelSendResponse',
  'CompareSession',
  'Conversation',
  'DeleteProjectResponse',
  'DeleteKnowledgeFileResponse',
  'KnowledgeFileListResponse',
  'ConversationListResponse',
  'CreatedApiKey',
  'HistoryResponse',
  'ImportResponse',
  'LeaderboardResponse',
  'LimitsResponse',
  'MessageResponse',
  'ModelsResponse',
  'OAuthLoginResponse',
  'PasswordResetValidateResponse',
  'Project',
  'SearchResponse',
  'ProjectListResponse',
  'RegisterResponse',
  'RemainingMessagesResponse',
  'ServerWsMessage',
  'TokenResponse',
  'User',
  'VaultChatDetail',
  'VaultChatsResponse',
  'VaultCreated',
  'VaultNote',
  'VaultNotesResponse',
  'VaultSendResponse',
  'VaultSession',
  'VaultStatus',
] as const satisfies ReadonlyArray<keyof typeof Contract>;

export type WireSchemaName = (typeof WIRE_SCHEMA_NAMES)[number];
