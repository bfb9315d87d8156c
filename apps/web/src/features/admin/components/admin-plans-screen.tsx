import { Layers } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function AdminPlansScreen() {
  return (
    <PlaceholderScreen
      icon={Layers}
      title="Admin · Plans"
      description="Create and edit the plans users can subscribe to."
    />
  );
}
