import { Columns3 } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function CompareScreen() {
  return (
    <PlaceholderScreen
      icon={Columns3}
      title="Compare"
      description="Send one prompt to several models and read their answers side by side."
    />
  );
}
