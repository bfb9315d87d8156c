import type { AdminModel } from '@parallax/contract';
import { useId } from 'react';
import { Card } from '../../../ui/card';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { useChatTitleSettings, useUpdateChatTitleSettings } from '../api/admin-chat-titles';

const OFF = '';

/** Which model writes new chats' titles after their first answer, or none (first words). */
export function ChatTitlesCard({ models }: { models: AdminModel[] }) {
  const settings = useChatTitleSettings();
  const update = useUpdateChatTitleSettings();
  const fieldId = useId();
  const hintId = useId();
  const enabled = models.filter((m) => m.enabled);
  const current = settings.data?.model_id ?? OFF;

  const change = (value: string) => {
    const modelId = value === OFF ? null : value;
    update.mutate(modelId, {
      onSuccess: (saved) =>
        toast.success(
          saved.model_id
            ? `New chats are named by ${enabled.find((m) => m.id === saved.model_id)?.friendly_name ?? saved.model_id}`
            : 'New chats are named after their first words',
        ),
      onError: (error) =>
        toast.error(
          'Could not change the title model',
          error instanceof Error ? error.message : 'Please try again.',
        ),
    });
  };

  return (
    <Card className="space-y-2 p-4">
      <label htmlFor={fieldId} className="block font-medium">
        Title model
      </label>
      <p id={hintId} className="text-sm text-fg-muted">
        After a chat’s first answer, this model writes its title in a short call that costs the user
        nothing. Off, or when the call fails, the question’s first words name it.
      </p>
      {settings.isLoading ? (
        <Skeleton className="h-10 w-full max-w-sm rounded-lg" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the title setting.{' '}
          <button type="button" className="underline" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <select
          id={fieldId}
          aria-describedby={hintId}
          value={current}
          disabled={update.isPending}
          onChange={(e) => change(e.target.value)}
          className="h-10 w-full max-w-sm rounded-lg border border-line bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <option value={OFF}>Off: name chats after their first words</option>
          {enabled.map((model) => (
            <option key={model.id} value={model.id}>
              {model.friendly_name}
              {model.available ? '' : ` (not available: ${model.unavailable_reason ?? 'unknown'})`}
            </option>
          ))}
        </select>
      )}
    </Card>
  );
}
