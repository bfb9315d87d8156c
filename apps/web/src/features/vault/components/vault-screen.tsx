import { LockKeyhole } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function VaultScreen() {
  return (
    <PlaceholderScreen
      icon={LockKeyhole}
      title="Vault"
      description="A PIN-protected place for conversations that should stay private."
    />
  );
}
