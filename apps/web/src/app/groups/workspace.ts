import { FavouritesScreen } from '../../features/favourites/components/favourites-screen';
import { PromptTemplatesScreen } from '../../features/prompt-templates/components/prompt-templates-screen';
import { VaultResetPinScreen } from '../../features/vault/components/vault-reset-pin-screen';
import { VaultScreen } from '../../features/vault/components/vault-screen';
import { ready, type GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  favourites: ready(FavouritesScreen),
  'prompt-templates': ready(PromptTemplatesScreen),
  vault: ready(VaultScreen),
  'vault-reset-pin': ready(VaultResetPinScreen),
};
