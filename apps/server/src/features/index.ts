import type { FastifyPluginAsync } from 'fastify';
import { aiManagementRoutes } from './admin/ai-management.routes';
import { adminUsersRoutes } from './admin/admin-users.routes';
import { auditRoutes } from './admin/audit.routes';
import { dashboardRoutes } from './admin/dashboard.routes';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { appConfigRoutes } from './app-config/app-config.routes';
import { authRoutes } from './auth/auth.routes';
import { billingConfigRoutes } from './billing/billing-config.routes';
import { plansRoutes } from './billing/plans.routes';
import { adminPlansRoutes } from './billing/admin-plans.routes';
import { adminSubscriptionsRoutes } from './billing/admin-subscriptions.routes';
import { billingWebhookRoutes } from './billing/billing-webhook.routes';
import { subscriptionsRoutes } from './billing/subscriptions.routes';
import { compareRoutes } from './compare/compare.routes';
import { adminFeatureFlagsRoutes } from './feature-flags/admin-feature-flags.routes';
import { dataTransferRoutes } from './data-transfer/data-transfer.routes';
import { conversationsRoutes } from './conversations/conversations.routes';
import { limitsRoutes } from './limits/limits.routes';
import { attachmentsRoutes } from './attachments/attachments.routes';
import { chatUploadRoutes } from './chat/chat-upload.routes';
import { chatRoutes } from './chat/chat.routes';
import { healthRoutes } from './health/health.routes';
import { modelsRoutes } from './models/models.routes';
import { projectsRoutes } from './projects/projects.routes';
import { promptGeneratorRoutes } from './prompt-generator/prompt-generator.routes';
import { adminPromptTemplatesRoutes } from './prompt-templates/admin-prompt-templates.routes';
import { promptTemplatesRoutes } from './prompt-templates/prompt-templates.routes';
import { searchRoutes } from './search/search.routes';
import { knowledgeRoutes } from './knowledge/knowledge.routes';
import { adminSupportRoutes } from './support/admin-support.routes';
import { supportRoutes } from './support/support.routes';
import { adminErrorsRoutes } from './telemetry/admin-errors.routes';
import { telemetryRoutes } from './telemetry/telemetry.routes';
import { usersRoutes } from './users/users.routes';
import { vaultChatsRoutes } from './vault/vault-chats.routes';
import { vaultNotesRoutes } from './vault/vault-notes.routes';
import { vaultUploadRoutes } from './vault/vault-upload.routes';
import { vaultRoutes } from './vault/vault.routes';

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
  modelsRoutes,
  conversationsRoutes,
  chatRoutes,
  chatUploadRoutes,
  attachmentsRoutes,
  limitsRoutes,
  compareRoutes,
  projectsRoutes,
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
  adminUsersRoutes,
  dashboardRoutes,
  supportRoutes,
  adminSupportRoutes,
  appConfigRoutes,
  adminFeatureFlagsRoutes,
];
