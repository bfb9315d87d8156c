import { LifeBuoy } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function SupportScreen() {
  return (
    <PlaceholderScreen
      icon={LifeBuoy}
      title="Support"
      description="Ask for help and follow up on your requests."
    />
  );
}
