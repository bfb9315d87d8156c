import { LibraryBig } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function AdminPromptTemplatesScreen() {
  return (
    <PlaceholderScreen
      icon={LibraryBig}
      title="Admin · Prompt templates"
      description="Curate the prompt templates every user sees."
    />
  );
}
