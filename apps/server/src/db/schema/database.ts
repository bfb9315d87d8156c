import type {
  AuthThrottlesTable,
  OauthStatesTable,
  PasswordResetTokensTable,
  RefreshTokensTable,
  SessionsTable,
  TwoFactorChallengesTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorTable,
  UserIdentitiesTable,
  UsersTable,
  VerificationCodesTable,
  VisitorClaimsTable,
} from './accounts';
import type {
  AuditLogTable,
  ChatTitleSettingsTable,
  FeatureFlagsTable,
  ModelFavouritesTable,
  ModelsTable,
  ProviderHealthTable,
  ProviderSettingsTable,
} from './admin';
import type { ClientErrorLogsTable, TelemetryEventsTable } from './telemetry';
import type {
  AttachmentsTable,
  BusNamespaceTable,
  ConversationsTable,
  GenerationLeasesTable,
  MessagesTable,
  MessageFeedbackTable,
  SearchDocumentsTable,
} from './chat';
import type { ChatPresetsTable, ChatSettingsTable } from './chat-settings';
import type { KnowledgeFilesTable, ProjectsTable } from './projects';
import type {
  PromptGeneratorInstructionsTable,
  PromptTemplateCategoriesTable,
  PromptTemplateFavouritesTable,
  PromptTemplateVersionsTable,
  PromptTemplatesTable,
} from './prompts';
import type { SupportAttachmentsTable, SupportMessagesTable, SupportTicketsTable } from './support';
import type {
  BillingEventsTable,
  DailyUsageTable,
  PlansTable,
  SubscriptionsTable,
} from './billing';
import type {
  ArenaBoardsTable,
  ArenaStateTable,
  ArenaVoteDaysTable,
  CompareAllocationsTable,
  ComparePanelsTable,
  CompareSessionsTable,
  CompareVotesTable,
} from './compare';
import type { ApiCallsTable, ApiKeyUsageTable, ApiKeysTable } from './api-keys';
import type { ToolPlanAccessTable, ToolSettingsTable } from './tool-settings';
import type {
  McpApprovalsTable,
  McpOAuthClientsTable,
  McpOAuthStatesTable,
  McpOAuthTokensTable,
  McpPlanAccessTable,
  McpServersTable,
  McpSettingsTable,
  McpToolPoliciesTable,
} from './mcp';
import type { VaultNotesTable, VaultsTable } from './vault';
import type { SharesTable } from './shares';
import type {
  ChatPersonalizationTable,
  CustomInstructionsTable,
  MemoriesTable,
} from './personalization';

/** Every table of the one database, by name: what Kysely<Database> queries. */
export interface Database {
  provider_health: ProviderHealthTable;
  chat_settings: ChatSettingsTable;
  chat_presets: ChatPresetsTable;
  client_error_logs: ClientErrorLogsTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  support_attachments: SupportAttachmentsTable;
  telemetry_events: TelemetryEventsTable;
  users: UsersTable;
  verification_codes: VerificationCodesTable;
  auth_throttles: AuthThrottlesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  oauth_states: OauthStatesTable;
  user_identities: UserIdentitiesTable;
  visitor_claims: VisitorClaimsTable;
  models: ModelsTable;
  model_favourites: ModelFavouritesTable;
  chat_title_settings: ChatTitleSettingsTable;
  conversations: ConversationsTable;
  projects: ProjectsTable;
  messages: MessagesTable;
  message_feedback: MessageFeedbackTable;
  knowledge_files: KnowledgeFilesTable;
  attachments: AttachmentsTable;
  daily_usage: DailyUsageTable;
  generation_leases: GenerationLeasesTable;
  bus_namespace: BusNamespaceTable;
  compare_sessions: CompareSessionsTable;
  compare_panels: ComparePanelsTable;
  compare_allocations: CompareAllocationsTable;
  compare_votes: CompareVotesTable;
  arena_vote_days: ArenaVoteDaysTable;
  arena_boards: ArenaBoardsTable;
  arena_state: ArenaStateTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  api_calls: ApiCallsTable;
  search_documents: SearchDocumentsTable;
  prompt_generator_instructions: PromptGeneratorInstructionsTable;
  prompt_template_categories: PromptTemplateCategoriesTable;
  prompt_templates: PromptTemplatesTable;
  prompt_template_versions: PromptTemplateVersionsTable;
  prompt_template_favourites: PromptTemplateFavouritesTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  vaults: VaultsTable;
  vault_notes: VaultNotesTable;
  audit_log: AuditLogTable;
  provider_settings: ProviderSettingsTable;
  feature_flags: FeatureFlagsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  custom_instructions: CustomInstructionsTable;
  memories: MemoriesTable;
  chat_personalization: ChatPersonalizationTable;
  tool_settings: ToolSettingsTable;
  tool_plan_access: ToolPlanAccessTable;
  shares: SharesTable;
  mcp_servers: McpServersTable;
  mcp_tool_policies: McpToolPoliciesTable;
  mcp_plan_access: McpPlanAccessTable;
  mcp_settings: McpSettingsTable;
  mcp_approvals: McpApprovalsTable;
  mcp_oauth_clients: McpOAuthClientsTable;
  mcp_oauth_tokens: McpOAuthTokensTable;
  mcp_oauth_states: McpOAuthStatesTable;
}
