import { FolderKanban } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function ProjectsScreen() {
  return (
    <PlaceholderScreen
      icon={FolderKanban}
      title="Projects"
      description="Group related conversations into projects and keep their context together."
    />
  );
}
