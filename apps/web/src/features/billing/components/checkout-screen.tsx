import { ShoppingBag } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function CheckoutScreen() {
  return (
    <PlaceholderScreen
      icon={ShoppingBag}
      title="Checkout"
      description="Pay for a plan securely by card."
    />
  );
}
