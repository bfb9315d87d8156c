import {
  MESSAGES,
  type Attachment,
  type Citation,
  type MessageResponse,
  type MessageSource,
} from '@parallax/contract';
import {
  applyPieces,
  mergeCitations,
  mergeToolCalls,
  type StreamPiece,
  type ToolPiece,
} from '../../../lib/ws/stream-text';
import {
  assistantKey,
  userKey,
  withCancelNote,
  type Prompt,
  type UiMessage,
  type VersionOf,
} from './ui-message';

export type { VersionOf } from './ui-message';

/*
 * The send and stream state machine of spec §4 as pure functions over the message list, so
 * the screen, the socket handler and the tests share one definition of every transition.
 */

function update(list: UiMessage[], key: string, change: (m: UiMessage) => UiMessage): UiMessage[] {
  const index = list.findIndex((m) => m.key === key);
  if (index === -1) return list;
  const next = list.slice();
  next[index] = change(list[index] as UiMessage);
  return next;
}

export interface OptimisticInput {
  messageId: string;
  prompt: Prompt;
  attachments: Attachment[];
  now: string;
  /** A regenerate or edit: the turn this one is a new version of. */
  versionOf?: VersionOf | undefined;
}

/**
 * The user's message appears at once, pending, with its answer's bubble waiting below it, so a
 * stream event that beats the send's reply (the first tokens, or an upstream's refusal) has a
 * bubble to land in. A new version takes the place of the turn it versions: that turn and
 * everything after it leave the list (they stay on their branch).
 */
export function addOptimistic(list: UiMessage[], input: OptimisticInput): UiMessage[] {
  const { messageId, prompt, versionOf } = input;
  const replacedAt = versionOf ? list.findIndex((m) => m.messageId === versionOf.messageId) : -1;
  const kept = replacedAt === -1 ? list : list.slice(0, replacedAt);
  const versions = versionOf && newVersions(versionOf, messageId, prompt.content);
  return [
    ...kept.filter((m) => m.messageId !== messageId),
    {
      key: userKey(messageId),
      messageId,
      role: 'user',
      content: prompt.content,
      status: 'pending',
      conversationId: prompt.conversationId,
      provider: prompt.provider,
      model: prompt.model,
      modelFriendlyName: null,
      attachments: input.attachments,
      createdAt: input.now,
      requestId: null,
      ...versions,
    },
    {
      key: assistantKey(messageId),
      messageId,
      role: 'assistant',
      content: '',
      status: 'pending',
      conversationId: prompt.conversationId,
      provider: prompt.provider,
      model: prompt.model,
      modelFriendlyName: null,
      attachments: [],
      createdAt: input.now,
      requestId: null,
      prompt,
      ...versions,
    },
  ];
}

/** The versions of a turn, for a new version of it. */
export function versionOf(message: UiMessage): VersionOf {
  const { messageId } = message;
  return {
    messageId,
    question: message.role === 'user' ? message.content : (message.prompt?.content ?? ''),
    answerIds: message.versions?.ids ?? [messageId],
    questions: message.questionVersions ?? { ids: [messageId], index: 0 },
  };
}

/**
 * The switchers of a new version `messageId` of a turn, as the server will group it: asking
 * the same question, it is one more answer to it (and its question's version shown); asking
 * another, it is a new question with its first answer. (An edit back to the text of an older
 * question joins that question on the server; the next history read shows it so.)
 */
function newVersions(
  of: VersionOf,
  messageId: string,
  question: string,
): Pick<UiMessage, 'versions' | 'questionVersions'> {
  const { ids, index } = of.questions;
  if (question.trim() !== of.question.trim()) {
    return {
      versions: { ids: [messageId], index: 0 },
      questionVersions: { ids: [...ids, messageId], index: ids.length },
    };
  }
  const shown = ids.map((id, at) => (at === index ? messageId : id));
  return {
    versions: { ids: [...of.answerIds, messageId], index: of.answerIds.length },
    ...(ids.length > 1 && { questionVersions: { ids: shown, index } }),
  };
}

/** The reply: completed when it carries the response, otherwise streaming (tokens follow). */
export function applySendReply(
  list: UiMessage[],
  prompt: Prompt,
  reply: MessageResponse,
): UiMessage[] {
  const hasText = reply.response !== null && reply.response !== '';
  const withUser = update(list, userKey(reply.id), (m) => ({
    ...m,
    status: 'completed',
    conversationId: reply.conversation_id,
    attachments: reply.attachments.length > 0 ? reply.attachments : m.attachments,
    createdAt: reply.created_at,
  }));
  const assistant: UiMessage = {
    key: assistantKey(reply.id),
    messageId: reply.id,
    role: 'assistant',
    content: hasText ? (reply.response ?? '') : '',
    status: hasText ? 'completed' : 'streaming',
    conversationId: reply.conversation_id,
    provider: reply.provider,
    model: reply.model,
    modelFriendlyName: reply.model_friendly_name,
    attachments: [],
    createdAt: reply.created_at,
    requestId: reply.request_id,
    prompt: { ...prompt, conversationId: reply.conversation_id },
    ...versionsOfTurn(withUser, reply.id),
    ...(reply.sources.length > 0 && { sources: reply.sources }),
  };
  const existing = withUser.findIndex((m) => m.key === assistant.key);
  if (existing !== -1) {
    // Stream events can beat the HTTP reply: keep what they already did to the bubble.
    const current = withUser[existing] as UiMessage;
    return update(withUser, assistant.key, () => ({
      ...assistant,
      content: hasText ? assistant.content : current.content,
      status: hasText ? 'completed' : current.status === 'pending' ? 'streaming' : current.status,
      ...(!hasText && current.sequence !== undefined && { sequence: current.sequence }),
      ...(!hasText && current.error !== undefined && { error: current.error }),
      ...(!hasText && current.resumedFrom !== undefined && { resumedFrom: current.resumedFrom }),
      // The socket's completed status may have brought them before this reply.
      ...((assistant.sources ?? current.sources) && {
        sources: assistant.sources ?? current.sources,
      }),
    }));
  }
  return [...withUser, assistant];
}

/**
 * A failed send: the user's message stays (completed) and an assistant error message follows.
 * A failed new version is retried as that version again (`versionOf`).
 */
export function applySendFailure(
  list: UiMessage[],
  messageId: string,
  prompt: Prompt,
  text: string,
  versionOf?: VersionOf,
): UiMessage[] {
  const withUser = update(list, userKey(messageId), (m) => ({ ...m, status: 'completed' }));
  const user = withUser.find((m) => m.key === userKey(messageId));
  return [
    ...withUser.filter((m) => m.key !== assistantKey(messageId)),
    {
      key: assistantKey(messageId),
      messageId,
      role: 'assistant',
      content: '',
      error: text || MESSAGES.sendFailedFallback,
      status: 'error',
      conversationId: prompt.conversationId,
      provider: prompt.provider,
      model: prompt.model,
      modelFriendlyName: null,
      attachments: [],
      createdAt: user?.createdAt ?? new Date().toISOString(),
      requestId: null,
      prompt,
      sendFailed: true,
      ...versionsOfTurn(withUser, messageId),
      ...(versionOf && { versionOf }),
    },
  ];
}

/** The assistant half of a turn shows the versions its user half was given. */
function versionsOfTurn(
  list: UiMessage[],
  messageId: string,
): Pick<UiMessage, 'versions' | 'questionVersions'> {
  const user = list.find((m) => m.key === userKey(messageId));
  return {
    ...(user?.versions && { versions: user.versions }),
    ...(user?.questionVersions && { questionVersions: user.questionVersions }),
  };
}

/** 429: the optimistic message disappears (the rate-limit modal explains why). */
export function removeTurn(list: UiMessage[], messageId: string): UiMessage[] {
  return list.filter((m) => m.messageId !== messageId);
}

export function isLive(message: UiMessage | undefined): boolean {
  return message?.status === 'streaming' || message?.status === 'pending';
}

/**
 * Streamed tokens arrive, each applied once by its sequence (a replay's repeats are skipped);
 * a resumed stream replaces the text persisted before the reload.
 */
export function appendTokens(
  list: UiMessage[],
  messageId: string,
  pieces: readonly StreamPiece[],
): UiMessage[] {
  return update(list, assistantKey(messageId), (m) => {
    if (!isLive(m)) return m;
    const shown = applyPieces({ text: m.content, sequence: m.sequence ?? 0 }, pieces);
    if (shown.sequence === (m.sequence ?? 0)) return m;
    const { resumedFrom: _dropped, ...rest } = m;
    return {
      ...rest,
      status: 'streaming',
      content: shown.text,
      sequence: shown.sequence,
      ...(shown.tools.length > 0 && withTools(m, shown.tools)),
    };
  });
}

export function completeStream(list: UiMessage[], messageId: string): UiMessage[] {
  return update(list, assistantKey(messageId), (m) => {
    if (!isLive(m)) return m;
    const { resumedFrom, ...rest } = m;
    return { ...rest, status: 'completed', content: m.content || resumedFrom || '' };
  });
}

/** A message's tool rows and citations with the stream's tool states applied. */
function withTools(
  m: UiMessage,
  tools: readonly ToolPiece[],
): Pick<UiMessage, 'toolCalls' | 'citations'> {
  const added = tools.flatMap((t) => t.citations ?? []);
  return {
    toolCalls: mergeToolCalls(m.toolCalls ?? [], tools),
    ...(added.length > 0 && { citations: mergeCitations(m.citations ?? [], added) }),
  };
}

/** The answer's numbered web sources, told by the socket when it completed (whole list). */
export function setCitations(
  list: UiMessage[],
  messageId: string,
  citations: Citation[],
): UiMessage[] {
  return update(list, assistantKey(messageId), (m) => ({ ...m, citations }));
}

/** The files an answer drew on, told by the socket when it completed. */
export function setSources(
  list: UiMessage[],
  messageId: string,
  sources: MessageSource[],
): UiMessage[] {
  return update(list, assistantKey(messageId), (m) => ({ ...m, sources }));
}

/** Stream error: status error, the partial text kept as it was, and '❌ Error: …' beside it. */
export function failStream(list: UiMessage[], messageId: string, text: string): UiMessage[] {
  return update(list, assistantKey(messageId), (m) => {
    if (!isLive(m)) return m;
    const { resumedFrom, ...rest } = m;
    const partial = m.content || resumedFrom || '';
    return {
      ...rest,
      status: 'error',
      content: partial,
      error: `${MESSAGES.streamErrorPrefix}${text}`,
      ...(partial && !m.sendFailed && { continueFrom: partial }),
    };
  });
}

/** Cancelled: completed, with the partial text and the cancel note, or the empty-cancel note. */
export function cancelStream(list: UiMessage[], messageId: string): UiMessage[] {
  return update(list, assistantKey(messageId), (m) => {
    if (!isLive(m)) return m;
    const { resumedFrom, ...rest } = m;
    const partial = m.content || resumedFrom || '';
    return {
      ...rest,
      status: 'completed',
      content: withCancelNote(partial),
      ...(partial && { continueFrom: partial }),
    };
  });
}

/** Retry is offered for messages in error only (spec §4). */
export function canRetry(message: UiMessage): boolean {
  return message.role === 'assistant' && message.status === 'error' && message.prompt !== undefined;
}

/**
 * Puts a page of older history in front of the list. Messages already on screen keep their
 * local state (a live stream is not overwritten by its persisted snapshot).
 */
export function mergeHistory(list: UiMessage[], olderPage: UiMessage[]): UiMessage[] {
  const known = new Set(list.map((m) => m.key));
  const page = olderPage
    .filter((m) => !known.has(m.key))
    .sort(
      (a, b) =>
        a.createdAt.localeCompare(b.createdAt) ||
        (a.messageId === b.messageId ? (a.role === 'user' ? -1 : 1) : 0),
    );
  return [...page, ...list];
}

/**
 * Continue: the answer streams again from its stored text (its stream starts by replaying
 * that text, so it shows until the first piece arrives and is then rebuilt piece by piece).
 */
export function startContinuation(list: UiMessage[], messageId: string, from: string): UiMessage[] {
  return update(list, assistantKey(messageId), (m) => {
    const { continueFrom: _from, error: _error, sendFailed: _failed, ...rest } = m;
    return { ...rest, status: 'streaming', content: '', resumedFrom: from, sequence: 0 };
  });
}
