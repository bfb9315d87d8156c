import { FavouritesScreen } from '../../features/favourites/components/favourites-screen';
import { PromptTemplatesScreen } from '../../features/prompt-templates/components/prompt-templates-screen';
import { VaultResetPinScreen } from '../../features/vault/components/vault-reset-pin-screen';
import { VaultScreen } from '../../features/vault/components/vault-screen';
import type { GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  favourites: FavouritesScreen,
  'prompt-templates': PromptTemplatesScreen,
  vault: VaultScreen,
  'vault-reset-pin': VaultResetPinScreen,
};
