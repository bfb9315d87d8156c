import type { FastifyPluginAsync } from 'fastify';
import type { AppWiring } from './register-in-order';
import { adminPlugin } from '../features/admin/admin.plugin';
import { apiKeysPlugin } from '../features/api-keys/api-keys.plugin';
import { attachmentsPlugin } from '../features/attachments/attachments.plugin';
import { authPlugin } from '../features/auth/auth.services';
import { billingPlugin } from '../features/billing/billing.plugin';
import { chatPlugin } from '../features/chat/chat.plugin';
import { chatSettingsPlugin } from '../features/chat-settings/chat-settings.plugin';
import { comparePlugin, compareSendsPlugin } from '../features/compare/compare.plugin';
import { conversationsPlugin } from '../features/conversations/conversations.plugin';
import { dataTransferPlugin } from '../features/data-transfer/data-transfer.plugin';
import { featureFlagsPlugin } from '../features/feature-flags/feature-flags.plugin';
import { healthPlugin } from '../features/health/health.plugin';
import { knowledgePlugin } from '../features/knowledge/knowledge.plugin';
import { limitsPlugin } from '../features/limits/limits.plugin';
import { modelsPlugin } from '../features/models/models.plugin';
import { personalizationPlugin } from '../features/personalization/personalization.plugin';
import { projectsPlugin } from '../features/projects/projects.plugin';
import { promptGeneratorPlugin } from '../features/prompt-generator/prompt-generator.plugin';
import { promptTemplatesPlugin } from '../features/prompt-templates/prompt-templates.plugin';
import { searchPlugin } from '../features/search/search.plugin';
import { supportPlugin } from '../features/support/support.plugin';
import { telemetryPlugin } from '../features/telemetry/telemetry.plugin';
import { toolsPlugin } from '../features/tools/tools.plugin';
import { mcpPlugin } from '../features/mcp/mcp.plugin';
import { usersPlugin } from '../features/users/users.plugin';
import { vaultPlugin } from '../features/vault/vault.plugin';

/**
 * Every feature's services plugin. Each declares its name and the plugins it needs
 * (fastify-plugin `dependencies`) and the app's decorators it reads (`decorators`); buildApp
 * registers them in the order those declarations give, so this list is in no particular
 * order and a missing dependency fails at boot. A new feature adds its plugin here.
 */
export const FEATURE_PLUGINS: readonly FastifyPluginAsync[] = [
  adminPlugin,
  apiKeysPlugin,
  attachmentsPlugin,
  authPlugin,
  billingPlugin,
  chatPlugin,
  chatSettingsPlugin,
  comparePlugin,
  compareSendsPlugin,
  conversationsPlugin,
  dataTransferPlugin,
  featureFlagsPlugin,
  healthPlugin,
  knowledgePlugin,
  limitsPlugin,
  modelsPlugin,
  personalizationPlugin,
  projectsPlugin,
  promptGeneratorPlugin,
  promptTemplatesPlugin,
  searchPlugin,
  supportPlugin,
  telemetryPlugin,
  toolsPlugin,
  mcpPlugin,
  usersPlugin,
  vaultPlugin,
];

/**
 * What the app joins itself: chat's sends join comparisons through compare's CompareSends,
 * which the app hands to chat, so chat neither imports nor reads compare; compare builds on
 * chat (its panel turns go through chat's sends and records).
 */
export const FEATURE_WIRING: AppWiring = {
  chat: { after: ['compare-sends'], options: (app) => ({ comparisons: app.compareSends }) },
  compare: { options: (app) => ({ turns: app.chat.sends }) },
};
