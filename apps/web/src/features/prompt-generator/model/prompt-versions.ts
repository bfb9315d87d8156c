import { MESSAGES } from '@parallax/contract';
import type { UiMessage } from '../../chat';

/** One generated prompt: the answer to the session's request or to one of its refinements. */
export interface PromptVersion {
  /** 1-based, in the order they were asked for. */
  number: number;
  /** What was asked: the form's request for the first, a refinement for the others. */
  request: string;
  message: UiMessage;
  /** The prompt itself, without the notes the chat adds to a cancelled answer. */
  text: string;
}

export function promptText(message: UiMessage): string {
  return message.content
    .replace(MESSAGES.cancelledSuffix, '')
    .replace(MESSAGES.cancelledEmpty, '')
    .trim();
}

/** The session's answers in order, each with the message that asked for it. */
export function promptVersions(messages: readonly UiMessage[]): PromptVersion[] {
  const versions: PromptVersion[] = [];
  let request = '';
  for (const message of messages) {
    if (message.role === 'user') {
      request = message.content;
      continue;
    }
    versions.push({ number: versions.length + 1, request, message, text: promptText(message) });
  }
  return versions;
}

export const isStreaming = (message: UiMessage) =>
  message.status === 'pending' || message.status === 'streaming';
