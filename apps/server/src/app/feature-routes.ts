import type { FastifyPluginAsync } from 'fastify';
import { aiManagementRoutes } from '../features/admin/ai-management.routes';
import { adminUsersRoutes } from '../features/admin/admin-users.routes';
import { auditRoutes } from '../features/admin/audit.routes';
import { dashboardRoutes } from '../features/admin/dashboard.routes';
import { apiKeysRoutes } from '../features/api-keys/api-keys.routes';
import { appConfigRoutes } from '../features/app-config/app-config.routes';
import { authRoutes } from '../features/auth/auth.routes';
import { billingConfigRoutes } from '../features/billing/billing-config.routes';
import { plansRoutes } from '../features/billing/plans.routes';
import { adminPlansRoutes } from '../features/billing/admin-plans.routes';
import { adminSubscriptionsRoutes } from '../features/billing/admin-subscriptions.routes';
import { billingWebhookRoutes } from '../features/billing/billing-webhook.routes';
import { subscriptionsRoutes } from '../features/billing/subscriptions.routes';
import { compareRoutes } from '../features/compare/compare.routes';
import { adminFeatureFlagsRoutes } from '../features/feature-flags/admin-feature-flags.routes';
import { dataTransferRoutes } from '../features/data-transfer/data-transfer.routes';
import { conversationsRoutes } from '../features/conversations/conversations.routes';
import { limitsRoutes } from '../features/limits/limits.routes';
import { attachmentsRoutes } from '../features/attachments/attachments.routes';
import { chatUploadRoutes } from '../features/chat/chat-upload.routes';
import { chatRoutes } from '../features/chat/chat.routes';
import { feedbackRoutes } from '../features/chat/feedback/feedback.routes';
import { continueRoutes } from '../features/chat/continue.routes';
import { chatSettingsRoutes } from '../features/chat-settings/chat-settings.routes';
import { healthRoutes } from '../features/health/health.routes';
import { modelChoicesRoutes } from '../features/limits/model-choices.routes';
import { personalizationRoutes } from '../features/personalization/personalization.routes';
import { chatTitlesAdminRoutes } from '../features/chat/titles/chat-titles-admin.routes';
import { modelFavouritesRoutes } from '../features/models/model-favourites.routes';
import { projectsRoutes } from '../features/projects/projects.routes';
import { promptGeneratorRoutes } from '../features/prompt-generator/prompt-generator.routes';
import { adminPromptTemplatesRoutes } from '../features/prompt-templates/admin-prompt-templates.routes';
import { promptTemplatesRoutes } from '../features/prompt-templates/prompt-templates.routes';
import { searchRoutes } from '../features/search/search.routes';
import { knowledgeRoutes } from '../features/knowledge/knowledge.routes';
import { adminSupportRoutes } from '../features/support/admin-support.routes';
import { supportRoutes } from '../features/support/support.routes';
import { adminErrorsRoutes } from '../features/telemetry/admin-errors.routes';
import { telemetryRoutes } from '../features/telemetry/telemetry.routes';
import { adminToolsRoutes } from '../features/tools/admin-tools.routes';
import { toolsRoutes } from '../features/tools/tools.routes';
import { adminMcpRoutes } from '../features/mcp/admin-mcp.routes';
import { mcpRoutes } from '../features/mcp/mcp.routes';
import { usersRoutes } from '../features/users/users.routes';
import { vaultChatsRoutes } from '../features/vault/vault-chats.routes';
import { vaultNotesRoutes } from '../features/vault/vault-notes.routes';
import { vaultUploadRoutes } from '../features/vault/vault-upload.routes';
import { vaultRoutes } from '../features/vault/vault.routes';

/**
 * Every feature's route plugin, mounted under /api/v1 by buildApp. A new feature adds its
 * plugin here (one line) and nothing else in app.ts.
 */
export const FEATURE_ROUTES: readonly FastifyPluginAsync[] = [
  healthRoutes,
  telemetryRoutes,
  adminErrorsRoutes,
  authRoutes,
  usersRoutes,
  modelChoicesRoutes,
  modelFavouritesRoutes,
  conversationsRoutes,
  chatRoutes,
  chatSettingsRoutes,
  chatUploadRoutes,
  feedbackRoutes,
  continueRoutes,
  attachmentsRoutes,
  limitsRoutes,
  compareRoutes,
  projectsRoutes,
  personalizationRoutes,
  knowledgeRoutes,
  dataTransferRoutes,
  apiKeysRoutes,
  searchRoutes,
  promptGeneratorRoutes,
  promptTemplatesRoutes,
  adminPromptTemplatesRoutes,
  plansRoutes,
  adminPlansRoutes,
  billingConfigRoutes,
  subscriptionsRoutes,
  billingWebhookRoutes,
  adminSubscriptionsRoutes,
  vaultRoutes,
  vaultNotesRoutes,
  vaultChatsRoutes,
  vaultUploadRoutes,
  auditRoutes,
  aiManagementRoutes,
  adminToolsRoutes,
  toolsRoutes,
  adminMcpRoutes,
  mcpRoutes,
  adminUsersRoutes,
  dashboardRoutes,
  supportRoutes,
  adminSupportRoutes,
  appConfigRoutes,
  adminFeatureFlagsRoutes,
  chatTitlesAdminRoutes,
];
