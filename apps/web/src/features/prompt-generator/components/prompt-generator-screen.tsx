import { WandSparkles } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function PromptGeneratorScreen() {
  return (
    <PlaceholderScreen
      icon={WandSparkles}
      title="Prompt generator"
      description="Describe what you need and get a well-structured prompt to start from."
    />
  );
}
