import { LayoutTemplate } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function PromptTemplatesScreen() {
  return (
    <PlaceholderScreen
      icon={LayoutTemplate}
      title="Prompt templates"
      description="Reusable prompts with fill-in fields, yours and curated ones."
    />
  );
}
