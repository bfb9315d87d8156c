import { AdminAiManagementScreen } from '../../features/admin/components/admin-ai-management-screen';
import { AdminPlansScreen } from '../../features/admin/components/admin-plans-screen';
import { AdminPromptTemplatesScreen } from '../../features/admin/components/admin-prompt-templates-screen';
import { AdminSubscriptionsScreen } from '../../features/admin/components/admin-subscriptions-screen';
import type { GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  'admin-plans': AdminPlansScreen,
  'admin-subscriptions': AdminSubscriptionsScreen,
  'admin-ai-management': AdminAiManagementScreen,
  'admin-prompt-templates': AdminPromptTemplatesScreen,
};
