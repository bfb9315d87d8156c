import { useQueryClient } from '@tanstack/react-query';
import { UserRound, UserRoundX } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../ui/toast/toast-store';
import { Tooltip } from '../../../ui/tooltip';
import { chatPersonalizationKey, setChatPersonalization } from '../api/personalization-api';
import { useChatPersonalization } from '../api/use-personalization';

/**
 * Whether this chat reads the account's custom instructions and memory: a switch in the chat's
 * header (on unless turned off here). Hidden for guests and until the chat's setting is known.
 */
export function ChatPersonalizationToggle({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const setting = useChatPersonalization(conversationId);
  const [saving, setSaving] = useState(false);
  if (setting.data === undefined) return null;
  const on = setting.data;
  const label = on
    ? 'Custom instructions and memory are on for this chat'
    : 'Custom instructions and memory are off for this chat';
  const Icon = on ? UserRound : UserRoundX;
  const flip = async () => {
    setSaving(true);
    try {
      const next = await setChatPersonalization(conversationId, !on);
      queryClient.setQueryData(chatPersonalizationKey(conversationId), next);
    } catch (e) {
      toast.error('Could not change this chat', e instanceof Error ? e.message : undefined);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Tooltip content={label}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label="Custom instructions and memory in this chat"
        disabled={saving}
        onClick={() => void flip()}
        className={cn(
          'grid size-8 shrink-0 place-items-center rounded-lg hover:bg-surface-2 disabled:opacity-60',
          on ? 'text-fg-muted hover:text-fg' : 'text-red-700 dark:text-red-400',
        )}
      >
        <Icon className="size-4" aria-hidden />
      </button>
    </Tooltip>
  );
}
