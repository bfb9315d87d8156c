import { Receipt } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function AdminSubscriptionsScreen() {
  return (
    <PlaceholderScreen
      icon={Receipt}
      title="Admin · Subscriptions"
      description="See and manage every subscription."
    />
  );
}
