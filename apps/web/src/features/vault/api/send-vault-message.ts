import type { VaultCancelRequest, VaultSendRequest, VaultSendResponse } from '@parallax/contract';
import { HTTP } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders, chatSocket } from '../../chat';
import { call } from './vault-items';
import { vaultHeaders } from './vault-session-store';

const SOCKET_WAIT_MS = 3_000;

/**
 * Waits (briefly) for the chat socket, so the send names it and the answer streams; a send
 * without it still works, but answers only once the whole answer is done.
 */
function socketReady(): Promise<void> {
  const socket = chatSocket();
  if (socket.state === 'connected') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, SOCKET_WAIT_MS);
    const stop = socket.onState((state) => {
      if (state === 'connected' || state === 'error') done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** The vault session, and the socket the answer streams to (like any chat's send). */
const headers = () => ({ ...chatHeaders(), ...vaultHeaders() });

/**
 * POST /vault/chats/messages, or /vault/chats/messages/upload (multipart, `files[]`) with
 * files. With a connected socket it answers at once (status streaming) and the answer
 * arrives on the socket; without one, once the answer is complete.
 */
export async function sendVaultMessage(
  body: VaultSendRequest,
  files: readonly File[] = [],
): Promise<VaultSendResponse> {
  await socketReady();
  const config = { headers: headers(), timeout: HTTP.sendTimeoutMs };
  if (files.length === 0) {
    const data = await call(() => http.post<unknown>('/vault/chats/messages', body, config));
    return parseWire('VaultSendResponse', data);
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(body))
    if (value !== undefined) form.append(key, String(value));
  for (const file of files) form.append('files[]', file, file.name);
  const data = await call(() => http.post<unknown>('/vault/chats/messages/upload', form, config));
  return parseWire('VaultSendResponse', data);
}

/** POST /vault/chats/cancel: Stop; the text so far stays (sealed). */
export async function cancelVaultAnswer(messageId: string): Promise<boolean> {
  const body: VaultCancelRequest = { message_id: messageId };
  const data = await call(() =>
    http.post<unknown>('/vault/chats/cancel', body, { headers: headers() }),
  );
  return parseWire('CancelResponse', data).cancelled;
}
