import { ApiKeysScreen } from '../../features/api-keys/components/api-keys-screen';
import { ChatDetailScreen } from '../../features/chat/components/chat-detail-screen';
import { ChatListScreen } from '../../features/conversations/components/chat-list-screen';
import { HomeScreen } from '../../features/chat/components/home-screen';
import { CompareScreen } from '../../features/compare/components/compare-screen';
import { ProjectsScreen } from '../../features/projects/components/projects-screen';
import { PromptGeneratorScreen } from '../../features/prompt-generator/components/prompt-generator-screen';
import { SupportScreen } from '../../features/support/components/support-screen';
import type { GroupModule } from './group-module';
import { ProfileRoute } from './profile-route';

export const screens: GroupModule['screens'] = {
  home: HomeScreen,
  'chat-list': ChatListScreen,
  'chat-detail': ChatDetailScreen,
  compare: CompareScreen,
  projects: ProjectsScreen,
  'prompt-generator': PromptGeneratorScreen,
  'api-keys': ApiKeysScreen,
  profile: ProfileRoute,
  support: SupportScreen,
};
