import type { Attachment } from '@parallax/contract';
import { Download, Paperclip } from 'lucide-react';
import { formatSize } from '../../../lib/format-numbers';
import { toast } from '../../../ui/toast/toast-store';
import { useChatBackend } from '../hooks/use-chat-backend';

/** A message's files; saved ones download through the API (they are served to their owner only). */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const backend = useChatBackend();
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap justify-end gap-2">
      {attachments.map((a) => {
        const saved = a.url !== '';
        return (
          <li key={a.id}>
            <button
              type="button"
              disabled={!saved}
              onClick={() =>
                void backend
                  .downloadAttachment(a)
                  .catch((error: unknown) =>
                    toast.error(
                      'Download failed',
                      error instanceof Error ? error.message : undefined,
                    ),
                  )
              }
              className="flex max-w-60 items-center gap-2 rounded-lg border border-line bg-surface px-2.5 py-1.5 text-left text-xs hover:bg-surface-2 disabled:opacity-70"
            >
              <Paperclip className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />
              <span className="min-w-0">
                <span className="block truncate font-medium">{a.filename}</span>
                <span className="text-fg-subtle">{formatSize(a.size)}</span>
              </span>
              {saved && <Download className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
