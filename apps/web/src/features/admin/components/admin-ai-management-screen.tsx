import { Cpu } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function AdminAiManagementScreen() {
  return (
    <PlaceholderScreen
      icon={Cpu}
      title="Admin · AI management"
      description="Enable providers and models and set their limits."
    />
  );
}
