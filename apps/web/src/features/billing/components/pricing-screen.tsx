import { Sparkles } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function PricingScreen() {
  return (
    <PlaceholderScreen
      icon={Sparkles}
      title="Pricing"
      description="Plans with higher daily limits and more models."
    />
  );
}
