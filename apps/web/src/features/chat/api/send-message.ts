import { HTTP, type MessageResponse, type SendMessageRequest } from '@parallax/contract';
import { http, parseWire, retryWhileRestarting } from '../../../lib/http';
import { eventTracker } from '../../../lib/telemetry/event-tracker';
import { chatHeaders } from './chat-headers';

export type SendInput = Omit<SendMessageRequest, 'include_conversation_history'>;

/**
 * POST /chat/messages, or /chat/messages/upload (multipart, `files[]`) when files are attached.
 * With a connected socket the answer comes at once with status streaming. A send refused by a
 * server restarting (503 `server_restarting`) is sent again: sends are idempotent on their id.
 */
export function sendMessage(
  input: SendInput,
  files: readonly File[],
  signal?: AbortSignal,
): Promise<MessageResponse> {
  return retryWhileRestarting(() => postMessage(input, files, signal));
}

async function postMessage(
  input: SendInput,
  files: readonly File[],
  signal?: AbortSignal,
): Promise<MessageResponse> {
  const config = {
    timeout: HTTP.sendTimeoutMs,
    headers: chatHeaders(),
    ...(signal && { signal }),
  };
  if (files.length === 0) {
    const body: SendMessageRequest = { ...input, include_conversation_history: true };
    const res = await http.post<unknown>('/chat/messages', body, config);
    eventTracker.track('message_sent', { provider: input.provider, model: input.model, files: 0 });
    return parseWire('MessageResponse', res.data);
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    // Objects (a new chat's settings) go as their JSON text, which the server reads back.
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append('include_conversation_history', 'true');
  for (const file of files) form.append('files[]', file, file.name);
  const res = await http.post<unknown>('/chat/messages/upload', form, config);
  eventTracker.track('message_sent', {
    provider: input.provider,
    model: input.model,
    files: files.length,
  });
  return parseWire('MessageResponse', res.data);
}
