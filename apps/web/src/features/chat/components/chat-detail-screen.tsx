import { MessageSquareText } from 'lucide-react';
import { PlaceholderScreen } from '../../../ui/placeholder-screen';

export function ChatDetailScreen() {
  return (
    <PlaceholderScreen
      icon={MessageSquareText}
      title="Conversation"
      description="Reopen a conversation and carry on where you left off, with answers streaming in live."
    />
  );
}
