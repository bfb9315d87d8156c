import { MessagesSquare } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function ChatListScreen() {
  return (
    <PlaceholderScreen
      icon={MessagesSquare}
      title="Chats"
      description="Every conversation you have had, searchable and grouped by day."
    />
  );
}
