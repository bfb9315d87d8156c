import { CircleSlash } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function SubscriptionCancelScreen() {
  return (
    <PlaceholderScreen
      icon={CircleSlash}
      title="Checkout cancelled"
      description="Nothing was charged; you can pick a plan again at any time."
    />
  );
}
