import { AdminAuditScreen } from '../../features/admin/components/admin-audit-screen';
import { AdminDashboardScreen } from '../../features/admin/components/admin-dashboard-screen';
import { AdminUsersScreen } from '../../features/admin/components/admin-users-screen';
import { AdminAiManagementScreen } from '../../features/admin/components/admin-ai-management-screen';
import { AdminPlansScreen } from '../../features/admin/components/admin-plans-screen';
import { AdminPromptTemplatesScreen } from '../../features/admin/components/admin-prompt-templates-screen';
import { AdminSupportScreen } from '../../features/admin/components/admin-support-screen';
import { AdminSubscriptionsScreen } from '../../features/admin/components/admin-subscriptions-screen';
import { AdminFlagsScreen } from '../../features/feature-flags/components/admin-flags-screen';
import { AdminErrorsScreen } from '../../features/telemetry/components/admin-errors-screen';
import { ready, type GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  'admin-plans': ready(AdminPlansScreen),
  'admin-subscriptions': ready(AdminSubscriptionsScreen),
  'admin-ai-management': ready(AdminAiManagementScreen),
  'admin-prompt-templates': ready(AdminPromptTemplatesScreen),
  'admin-dashboard': ready(AdminDashboardScreen),
  'admin-users': ready(AdminUsersScreen),
  'admin-audit': ready(AdminAuditScreen),
  'admin-support': ready(AdminSupportScreen),
  'admin-errors': ready(AdminErrorsScreen),
  'admin-flags': ready(AdminFlagsScreen),
};
