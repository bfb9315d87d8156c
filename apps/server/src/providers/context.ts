import { WS_ERROR_MAPPING } from '@parallax/contract';
import type { ChatContentPart, ChatTurn } from './chat-types';

/**
 * Builds what one generation sends upstream: system prompt + previous turns + the new
 * message with its attachments, trimmed from the oldest turn to fit the model's window.
 *
 * Token counts are ESTIMATES: ceil(characters / 4), the usual rule of thumb for English
 * with these tokenizers, plus a flat IMAGE_TOKEN_ESTIMATE per image. Exact counts would need
 * each provider's tokenizer; the reserve for the answer absorbs the error.
 */
export const CHARS_PER_TOKEN = 4;
export const IMAGE_TOKEN_ESTIMATE = 1_000;
/** Room kept for the answer: this many tokens, or a quarter of a small window. */
export const DEFAULT_OUTPUT_RESERVE_TOKENS = 4_096;

export const VISION_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const TEXT_MEDIA_TYPES = [
  'application/json',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/javascript',
  'application/typescript',
  'application/sql',
  'application/x-sh',
];
const TEXT_EXTENSIONS =
  /\.(txt|md|markdown|csv|tsv|json|xml|ya?ml|toml|ini|log|html?|css|js|jsx|ts|tsx|py|rb|go|rs|java|kt|c|h|cpp|hpp|cs|php|sh|sql)$/i;

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface Attachment {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export interface ContextModel {
  friendlyName: string;
  contextWindow: number;
  supportsVision: boolean;
}

/** A piece of a project file that may help with the turn (features/knowledge retrieves it). */
export interface KnowledgeExcerpt {
  fileId: string;
  filename: string;
  text: string;
}

/**
 * Project knowledge gets at most this many tokens, and at most half of what the system
 * message and the new turn leave: the chat's own recent turns keep the rest.
 */
export const KNOWLEDGE_MAX_TOKENS = 6_000;

export interface BuildContextInput {
  model: ContextModel;
  system?: string | undefined;
  /** Best first; as many as fit go after the system text, inside the system message. */
  knowledge?: readonly KnowledgeExcerpt[];
  /** Oldest first; the new message is not part of it. */
  history: readonly HistoryTurn[];
  message: string;
  attachments?: readonly Attachment[];
  reserveOutputTokens?: number;
}

export interface BuiltContext {
  system: string | undefined;
  messages: ChatTurn[];
  /** How many of the oldest history turns did not fit. */
  droppedTurns: number;
  estimatedTokens: number;
  /** The excerpts that fit and were sent, best first. */
  knowledgeUsed: KnowledgeExcerpt[];
}

export type ContextErrorCode = 'attachment_refused' | 'context_length';

/** The request cannot be sent as it is; `message` tells the user what to change. */
export class ContextError extends Error {
  override readonly name = 'ContextError';
  constructor(
    readonly code: ContextErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

function isTextAttachment(attachment: Attachment): boolean {
  const type = attachment.contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  return (
    type.startsWith('text/') ||
    TEXT_MEDIA_TYPES.includes(type) ||
    ((type === '' || type === 'application/octet-stream') &&
      TEXT_EXTENSIONS.test(attachment.filename))
  );
}

function decodeUtf8(attachment: Attachment): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(attachment.data);
  } catch {
    throw new ContextError(
      'attachment_refused',
      `${attachment.filename} is not readable text (it is not UTF-8). Attach it as plain text or remove it.`,
    );
  }
}

function attachmentPart(attachment: Attachment, model: ContextModel): ChatContentPart {
  const type = attachment.contentType.toLowerCase();
  if ((VISION_MEDIA_TYPES as readonly string[]).includes(type)) {
    if (!model.supportsVision) {
      throw new ContextError(
        'attachment_refused',
        `${model.friendlyName} cannot read images. Remove ${attachment.filename} or choose a model that supports images.`,
      );
    }
    return { type: 'image', data: attachment.data, mediaType: type };
  }
  if (isTextAttachment(attachment)) {
    return {
      type: 'text',
      text: `<file name="${attachment.filename}">\n${decodeUtf8(attachment)}\n</file>`,
    };
  }
  throw new ContextError(
    'attachment_refused',
    `${attachment.filename} cannot be sent: only images (PNG, JPEG, GIF, WebP) and text files are supported.`,
  );
}

function turnTokens(turn: ChatTurn): number {
  if (typeof turn.content === 'string') return estimateTokens(turn.content);
  return turn.content.reduce(
    (sum, part) => sum + (part.type === 'text' ? estimateTokens(part.text) : IMAGE_TOKEN_ESTIMATE),
    0,
  );
}

const KNOWLEDGE_PREAMBLE =
  "Excerpts from the files of the user's project follow. Use them when they help answer, and name the files you used.";

function excerptBlock(excerpt: KnowledgeExcerpt): string {
  return `<excerpt file="${excerpt.filename}">\n${excerpt.text}\n</excerpt>`;
}

/**
 * The system text with the best excerpts that fit in `room` tokens (each whole or not at all;
 * a long one skipped leaves room for a shorter one after it).
 */
function withKnowledge(
  system: string | undefined,
  excerpts: readonly KnowledgeExcerpt[],
  room: number,
): { system: string | undefined; used: KnowledgeExcerpt[] } {
  const blocks: string[] = [];
  const used: KnowledgeExcerpt[] = [];
  let left = room - estimateTokens(KNOWLEDGE_PREAMBLE) - 10;
  for (const excerpt of excerpts) {
    const block = excerptBlock(excerpt);
    const cost = estimateTokens(block) + 1;
    if (cost > left) continue;
    left -= cost;
    blocks.push(block);
    used.push(excerpt);
  }
  if (used.length === 0) return { system, used };
  const knowledge = `<project_files>\n${KNOWLEDGE_PREAMBLE}\n${blocks.join('\n')}\n</project_files>`;
  return { system: system ? `${system}\n\n${knowledge}` : knowledge, used };
}

export function buildContext(input: BuildContextInput): BuiltContext {
  const { model } = input;
  const reserve =
    input.reserveOutputTokens ??
    Math.min(DEFAULT_OUTPUT_RESERVE_TOKENS, Math.floor(model.contextWindow / 4));
  const budget = model.contextWindow - reserve;
  const instructions = input.system?.trim() ? input.system : undefined;

  const parts = (input.attachments ?? []).map((a) => attachmentPart(a, model));
  const current: ChatTurn =
    parts.length === 0
      ? { role: 'user', content: input.message }
      : { role: 'user', content: [{ type: 'text', text: input.message }, ...parts] };

  let used = (instructions ? estimateTokens(instructions) : 0) + turnTokens(current);
  if (used > budget) {
    const contextLength = WS_ERROR_MAPPING.find((m) => m.kind === 'context_length');
    throw new ContextError('context_length', contextLength?.message ?? 'Message too long.');
  }
  const knowledgeRoom = Math.min(KNOWLEDGE_MAX_TOKENS, Math.floor((budget - used) / 2));
  const { system, used: knowledgeUsed } = withKnowledge(
    instructions,
    input.knowledge ?? [],
    knowledgeRoom,
  );
  used += (system ? estimateTokens(system) : 0) - (instructions ? estimateTokens(instructions) : 0);

  // Newest turns matter most: walk back from the end and stop at the first that does not fit.
  let firstKept = input.history.length;
  for (let i = input.history.length - 1; i >= 0; i--) {
    const turn = input.history[i];
    if (!turn) break;
    const cost = estimateTokens(turn.content);
    if (used + cost > budget) break;
    used += cost;
    firstKept = i;
  }
  let kept = input.history.slice(firstKept);
  // Providers (Anthropic, Gemini) require the conversation to open with a user turn.
  while (kept[0]?.role === 'assistant') {
    used -= estimateTokens(kept[0].content);
    kept = kept.slice(1);
  }
  return {
    system,
    messages: [...kept.map((t): ChatTurn => ({ role: t.role, content: t.content })), current],
    droppedTurns: input.history.length - kept.length,
    estimatedTokens: used,
    knowledgeUsed,
  };
}
