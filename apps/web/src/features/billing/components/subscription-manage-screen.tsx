import { CreditCard } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function SubscriptionManageScreen() {
  return (
    <PlaceholderScreen
      icon={CreditCard}
      title="Subscription"
      description="Your plan, renewal date, invoices and payment method."
    />
  );
}
