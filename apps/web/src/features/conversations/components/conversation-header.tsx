import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useConversation } from '../api/get-conversation';
import { useConversationActions } from '../hooks/use-conversation-actions';
import { ChatPersonalizationToggle } from '../../personalization';
import { ProjectInstructions } from '../../projects';
import { ChatActionButtons } from './chat-action-buttons';
import { ChatMenu } from './chat-menu';
import { DeleteChatDialog } from './delete-chat-dialog';
import { TitleEditor } from './title-editor';

interface ConversationHeaderProps {
  id: string;
  /** The title the chat screen knows (it follows the server's naming live). */
  title: string | null;
  /** Called after a rename, so the screen's own copy of the title follows. */
  onRenamed: () => void;
}

/** A chat's heading with its actions (rename inline, favourite, delete, more), and its project's instructions. */
export function ConversationHeader({ id, title, onRenamed }: ConversationHeaderProps) {
  const conversation = useConversation(id);
  const actions = useConversationActions();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A rename elsewhere (the sidebar) reaches this query first; the screen's title is the one
  // that follows the server naming a new chat, while the query still holds the default.
  const stored = conversation.data?.title;
  const named = stored && stored !== CONVERSATION_DEFAULT_TITLE ? stored : title;
  const shown = named || CONVERSATION_DEFAULT_TITLE;
  useDocumentTitle(named === null ? null : shown);

  const projectId = conversation.data?.project_id ?? null;
  return (
    <>
      <div className="mx-auto flex h-8 max-w-3xl items-center gap-2">
        {editing ? (
          <TitleEditor
            initial={named ?? ''}
            onSave={(next) => {
              setEditing(false);
              void actions.rename({ id }, next).then((ok) => ok && onRenamed());
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <h1 className="min-w-0 flex-1 truncate text-sm font-semibold" title={shown}>
            {named === null ? '\u00a0' : shown}
          </h1>
        )}
        {conversation.data && !editing && <ChatPersonalizationToggle conversationId={id} />}
        {conversation.data && !editing && (
          <ChatActionButtons
            conversation={{ title: shown, is_favourite: conversation.data.is_favourite }}
            onToggleFavourite={() => void actions.toggleFavourite(conversation.data)}
            onRename={() => setEditing(true)}
            onDelete={() => setConfirming(true)}
            more={<ChatMenu conversation={{ ...conversation.data, title: shown }} />}
          />
        )}
        <DeleteChatDialog
          title={confirming ? shown : null}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void actions.remove({ id }).then((ok) => ok && navigate('/'));
          }}
        />
      </div>
      {projectId && <ProjectInstructions projectId={projectId} />}
    </>
  );
}
