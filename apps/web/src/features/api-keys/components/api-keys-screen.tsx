import { KeySquare } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function ApiKeysScreen() {
  return (
    <PlaceholderScreen
      icon={KeySquare}
      title="API keys"
      description="Create and revoke personal keys for using Parallax from your own code."
    />
  );
}
