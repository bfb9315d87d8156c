import { UserRound } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function ProfileScreen() {
  return (
    <PlaceholderScreen
      icon={UserRound}
      title="Profile and settings"
      description="Your name, email, password and preferences."
    />
  );
}
