// One visitor driven through the HTTP API, for screenshot scripts that need data to show.
import { randomBytes, randomUUID } from 'node:crypto';
import { jsonApi } from './capture-kit.mjs';

export function visitorApi(base) {
  const visitor = `visitor_${randomBytes(16).toString('hex')}`;
  const api = jsonApi(base, { 'x-visitor-id': visitor });
  /** A turn with the offline demo model; answers the stored message (with conversation_id). */
  const send = (message, conversationId) =>
    api('POST', '/chat/messages', {
      message,
      message_id: randomUUID(),
      provider: 'openai',
      model: 'parallax-demo',
      ...(conversationId && { conversation_id: conversationId }),
    });
  /** Makes a browser context play this visitor. */
  const adopt = (context) =>
    context.addInitScript((id) => localStorage.setItem('visitor_id', id), visitor);
  return { visitor, api, send, adopt };
}
