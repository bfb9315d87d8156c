import { useAuth } from '../../auth';
import { useRemainingMessages } from '../api/get-remaining-messages';
import { useChatStorage } from '../store/chat-storage';

/** "7 of 10 messages left today" — hidden for callers without a daily limit. */
export function RemainingMessages() {
  const { isAuthenticated } = useAuth();
  useRemainingMessages(isAuthenticated);
  const remaining = useChatStorage((s) => s.remainingMessages);
  const dailyLimit = useChatStorage((s) => s.dailyLimit);
  if (remaining === null || dailyLimit === null) return null;
  return (
    <p className="text-center text-xs text-fg-subtle" data-testid="remaining-messages">
      <span
        className={
          remaining === 0
            ? 'font-medium text-red-600 dark:text-red-400'
            : 'font-medium text-fg-muted'
        }
      >
        {remaining}
      </span>{' '}
      of {dailyLimit} messages left today
    </p>
  );
}
