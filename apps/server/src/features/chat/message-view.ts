import { z } from 'zod';
import {
  Citation,
  MessageSource,
  ToolCallView,
  PROVIDERS,
  type Attachment,
  type ChatMessage,
  type MessageResponse,
  type MessageStatus,
  type Provider,
} from '@parallax/contract';
import type { AttachmentRow } from '../attachments';
import type { TurnVersions } from './message-tree';
import type { MessageRow } from './messages.repository';

export const ATTACHMENT_URL_PREFIX = '/api/v1/chat/attachments/';

function status(value: string): MessageStatus {
  return value === 'pending' ||
    value === 'streaming' ||
    value === 'completed' ||
    value === 'cancelled'
    ? value
    : 'error';
}

function provider(value: string): Provider {
  return (PROVIDERS as readonly string[]).includes(value) ? (value as Provider) : 'openai';
}

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size: Number(row.size),
    url: `${ATTACHMENT_URL_PREFIX}${row.id}`,
  };
}

const StoredSources = z.array(MessageSource).catch([]);

/** messages.sources as the contract's list ([] when none or unreadable). */
function sourcesOf(row: MessageRow): MessageSource[] {
  if (row.sources === null) return [];
  try {
    return StoredSources.parse(JSON.parse(row.sources));
  } catch {
    return [];
  }
}

const StoredToolCalls = z.array(ToolCallView);
const StoredCitations = z.array(Citation);

/**
 * messages.tool_calls and .citations as the contract's lists, each only when the answer has
 * some (a column that does not parse, e.g. a sealed one read without its key, gives none).
 */
export function toolRecordOf(
  stored: { tool_calls: string | null; citations: string | null },
  /** The answer ended (or its process died): a row still running was cut off with it. */
  settled = false,
): { tool_calls?: ToolCallView[]; citations?: Citation[] } {
  const read = <T>(text: string | null, schema: z.ZodType<T[]>): T[] => {
    if (text === null) return [];
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  };
  const toolCalls = read(stored.tool_calls, StoredToolCalls).map((call) =>
    settled && call.status === 'running' ? { ...call, status: 'cancelled' as const } : call,
  );
  const citations = read(stored.citations, StoredCitations);
  return {
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    ...(citations.length > 0 ? { citations } : {}),
  };
}

function isRunningRow(row: MessageRow): boolean {
  return row.status === 'pending' || row.status === 'streaming';
}

function tokens(row: MessageRow): number | null {
  if (row.input_tokens === null && row.output_tokens === null) return null;
  return Number(row.input_tokens ?? 0) + Number(row.output_tokens ?? 0);
}

/** A stored turn as history shows it, with the versions of its turn. */
export function toChatMessage(
  row: MessageRow,
  attachments: readonly AttachmentRow[],
  versions: TurnVersions,
): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    type: 'user',
    content: row.content,
    response: row.response,
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_authenticated: row.user_id !== null,
    provider: provider(row.provider),
    model: row.model,
    model_friendly_name: row.model_friendly_name,
    status: status(row.status),
    attachments: attachments.map(toAttachment),
    tokens: tokens(row),
    error: row.error,
    request_id: row.request_id,
    comparison_id: row.comparison_id,
    parent_id: row.parent_id,
    sibling_ids: versions.siblings.ids,
    sibling_index: versions.siblings.index,
    question_version_ids: versions.questions.ids,
    question_version_index: versions.questions.index,
    answer_sibling_ids: versions.answers.ids,
    answer_sibling_index: versions.answers.index,
    sources: sourcesOf(row),
    ...toolRecordOf(row, !isRunningRow(row)),
    cut_off: row.status === 'completed' && row.finish_reason === 'length',
  };
}

/** The answer to a send: streaming answers carry no response text yet. */
export function toMessageResponse(
  row: MessageRow,
  attachments: readonly AttachmentRow[],
  remaining: number | null,
  streaming: boolean,
): MessageResponse {
  const current = status(row.status);
  return {
    id: row.id,
    conversation_id: row.conversation_id ?? '',
    message: row.content,
    response: streaming ? null : row.response,
    created_at: row.created_at,
    is_authenticated: row.user_id !== null,
    provider: provider(row.provider),
    model: row.model,
    model_friendly_name: row.model_friendly_name,
    status: streaming && (current === 'pending' || current === 'streaming') ? 'streaming' : current,
    attachments: attachments.map(toAttachment),
    remaining_messages: remaining,
    request_id: row.request_id,
    sources: streaming ? [] : sourcesOf(row),
    ...(streaming ? {} : toolRecordOf(row, !isRunningRow(row))),
  };
}
