import { HTTP } from '@parallax/contract';
import { chatSocket } from '../socket/chat-connection';

/** Spec §7: every chat call names the connected socket, so the server routes events to it. */
export function chatHeaders(): Record<string, string> {
  const connectionId = chatSocket().connectionId;
  return connectionId ? { [HTTP.connectionIdHeader]: connectionId } : {};
}
