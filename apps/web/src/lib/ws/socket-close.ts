import { CONNECTION_ERROR_MESSAGES } from '@parallax/contract';
/** RFC 6455 close code "Service Restart". */
export const SERVICE_RESTART = 1012;

/** Close codes the server uses to refuse a socket, mapped to the spec's connection texts. */
export function closeMessage(code: number): string {
  if (code === 4401 || code === 1008) return CONNECTION_ERROR_MESSAGES.authentication;
  if (code === 4403) return CONNECTION_ERROR_MESSAGES.forbidden;
  if (code === 1011 || code === 1013) return CONNECTION_ERROR_MESSAGES.server;
  return CONNECTION_ERROR_MESSAGES.network;
}

export function defaultConnectionId(): string {
  return `conn_${crypto.randomUUID().replaceAll('-', '')}`;
}
