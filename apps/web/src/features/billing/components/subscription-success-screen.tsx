import { BadgeCheck } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function SubscriptionSuccessScreen() {
  return (
    <PlaceholderScreen
      icon={BadgeCheck}
      title="Subscription confirmed"
      description="Confirmation of your new plan once the payment clears."
    />
  );
}
