import { KeyRound } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function VaultResetPinScreen() {
  return (
    <PlaceholderScreen
      icon={KeyRound}
      title="Reset vault PIN"
      description="Choose a new PIN for your vault after confirming it is you."
    />
  );
}
