import { CONVERSATION_DEFAULT_TITLE, type Conversation } from '@parallax/contract';
import { FileJson, FileText, FolderInput, LockKeyhole, MoreHorizontal, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { cn } from '../../../lib/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';
import { toast } from '../../../ui/toast/toast-store';
import { useFeatureFlag } from '../../app-config';
import { useAuth } from '../../auth';
import { MoveToProjectDialog } from '../../projects';
import { ShareDialog } from '../../shares';
import { useMoveToVault } from '../../vault';
import { exportConversation } from '../api/export-conversation';

interface ChatMenuProps {
  conversation: Pick<Conversation, 'id' | 'title' | 'project_id'>;
  className?: string;
}

/**
 * More of one chat: share it by link, move it to a project or into the vault (accounts
 * only), and export as Markdown or JSON.
 */
export function ChatMenu({ conversation: c, className }: ChatMenuProps) {
  const { isAuthenticated } = useAuth();
  const [moving, setMoving] = useState(false);
  const [sharing, setSharing] = useState(false);
  const canShare = useFeatureFlag('sharing') && isAuthenticated;
  const moveToVault = useMoveToVault();
  const { pathname } = useLocation();
  const title = c.title || CONVERSATION_DEFAULT_TITLE;
  const download = (format: 'markdown' | 'json') =>
    void exportConversation(c.id, title, format).catch((error: unknown) =>
      toast.error('Could not export the chat', error instanceof Error ? error.message : undefined),
    );
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`More actions for ${title}`}
          title="More"
          className={cn(
            'grid size-7 shrink-0 place-items-center rounded-md text-fg-muted hover:bg-surface-3 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring',
            className,
          )}
        >
          <MoreHorizontal className="size-3.5" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canShare && (
            <DropdownMenuItem icon={<Share2 />} onSelect={() => setSharing(true)}>
              Share…
            </DropdownMenuItem>
          )}
          {isAuthenticated && (
            <DropdownMenuItem icon={<FolderInput />} onSelect={() => setMoving(true)}>
              Move to project…
            </DropdownMenuItem>
          )}
          {isAuthenticated && (
            <DropdownMenuItem
              icon={<LockKeyhole />}
              onSelect={() => void moveToVault(c.id, { leaveChat: pathname.includes(c.id) })}
            >
              Move to vault
            </DropdownMenuItem>
          )}
          <DropdownMenuItem icon={<FileText />} onSelect={() => download('markdown')}>
            Export as Markdown
          </DropdownMenuItem>
          <DropdownMenuItem icon={<FileJson />} onSelect={() => download('json')}>
            Export as JSON
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <MoveToProjectDialog conversation={moving ? c : null} onClose={() => setMoving(false)} />
      {canShare && (
        <ShareDialog
          kind="conversation"
          sourceId={c.id}
          open={sharing}
          onClose={() => setSharing(false)}
        />
      )}
    </>
  );
}
