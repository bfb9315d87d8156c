import { AdminAiManagementScreen } from '../../features/admin/components/admin-ai-management-screen';
import { AdminPlansScreen } from '../../features/admin/components/admin-plans-screen';
import { AdminPromptTemplatesScreen } from '../../features/admin/components/admin-prompt-templates-screen';
import { AdminSubscriptionsScreen } from '../../features/admin/components/admin-subscriptions-screen';
import { AdminErrorsScreen } from '../../features/client-errors/components/admin-errors-screen';
import { ready, type GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  'admin-plans': ready(AdminPlansScreen),
  'admin-subscriptions': ready(AdminSubscriptionsScreen),
  'admin-ai-management': ready(AdminAiManagementScreen),
  'admin-prompt-templates': ready(AdminPromptTemplatesScreen),
  'admin-errors': ready(AdminErrorsScreen),
};
