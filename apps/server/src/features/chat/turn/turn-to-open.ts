import type { ChatMcpChoice } from '@parallax/contract';
import type { ChatOwner } from '../../../infra/auth/chat-owner';
import type { MessageRow } from '../message-row';
import { PLAIN_FORM, type StoredForm } from './stored-form';
import type { TurnSubject } from './turn-sources';

/** A turn about to be answered: its text, its place, and whose context it reads. */
export interface TurnToOpen {
  content: string;
  parentId: string | null;
  includeHistory: boolean;
  /** What the registered sources are asked about; null: none is read (a vault turn). */
  subject: TurnSubject | null;
  form: StoredForm;
  /** True when the subject's project is the stored chat's, still to be read. */
  projectOfChat?: boolean;
  /** Continue: the answer so far (see GenerationJob.prefix). */
  partialAnswer?: string;
  /**
   * A vault turn's tools: only what its own chat's toggle allows (no context source is read
   * for it). A turn with a subject takes the toggle from its chat's settings instead.
   */
  vaultTools?: { owner: ChatOwner; webSearch: boolean; mcp?: ChatMcpChoice };
  /** The send's own Web search toggle, which wins over the chat's settings when it said. */
  webSearch?: boolean;
  /** The send's own MCP choice, which wins over the chat's settings when it said. */
  mcp?: ChatMcpChoice;
}

function ownerOfRow(row: MessageRow): ChatOwner | null {
  if (row.user_id !== null) return { kind: 'user', id: row.user_id };
  if (row.visitor_id !== null) return { kind: 'visitor', id: row.visitor_id };
  return null;
}

/** A stored turn as it is opened again (a retry, a send with files, a busy moment, continue). */
export function storedTurnToOpen(
  row: MessageRow,
  start: { partialAnswer?: string; webSearch?: boolean; mcp?: ChatMcpChoice },
): TurnToOpen {
  return {
    content: row.content,
    parentId: row.parent_id,
    includeHistory: row.include_history === 1,
    subject: {
      turnId: row.id,
      owner: ownerOfRow(row),
      // A row no account owns is a sealed turn's.
      sealed: row.user_id === null && row.visitor_id === null,
      conversationId: row.conversation_id,
      // Read with the sources (AnswerService.open), not before them.
      projectId: null,
      content: row.content,
      pin:
        row.generator_instructions_version === null
          ? null
          : { version: row.generator_instructions_version, body: null },
    },
    form: PLAIN_FORM,
    projectOfChat: true,
    ...(start.partialAnswer !== undefined && { partialAnswer: start.partialAnswer }),
    ...(start.webSearch !== undefined && { webSearch: start.webSearch }),
    ...(start.mcp !== undefined && { mcp: start.mcp }),
  };
}
