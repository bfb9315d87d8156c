import type { GroupModule } from './group-module';

/*
 * The core group is the one people land on (home, a chat), so each of its screens is its own
 * chunk: opening /chats/{id} cold fetches the chat screen, not compare or the profile. The rest
 * of the group is preloaded once the first screen is up (app/preload.ts).
 */
export const screens: GroupModule['screens'] = {
  home: () => import('../screens/home-screen').then((m) => m.HomeScreen),
  'chat-list': () => import('../screens/chat-list-screen').then((m) => m.ChatListScreen),
  'chat-detail': () => import('../screens/chat-detail-screen').then((m) => m.ChatDetailScreen),
  'vault-chat': () => import('./vault-chat-route').then((m) => m.VaultChatRoute),
  'share-continue': () =>
    import('../../features/shares/components/continue-share-screen').then(
      (m) => m.ContinueShareScreen,
    ),
  compare: () =>
    import('../../features/compare/components/compare-screen').then((m) => m.CompareScreen),
  projects: () =>
    import('../../features/projects/components/projects-screen').then((m) => m.ProjectsScreen),
  'project-detail': () =>
    import('../../features/projects/components/project-screen').then((m) => m.ProjectScreen),
  'prompt-generator': () =>
    import('../../features/prompt-generator/components/prompt-generator-screen').then(
      (m) => m.PromptGeneratorScreen,
    ),
  'api-keys': () =>
    import('../../features/api-keys/components/api-keys-screen').then((m) => m.ApiKeysScreen),
  profile: () => import('./profile-route').then((m) => m.ProfileRoute),
  support: () =>
    import('../../features/support/components/support-screen').then((m) => m.SupportScreen),
};
