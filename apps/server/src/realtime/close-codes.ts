/** Close codes the client can tell apart (4000–4999 are the application's). */
export const CLOSE = {
  /**
   * RFC 6455's "Service Restart": this process is draining or stopping. The client reconnects
   * (through the balancer, to another process) and resumes its streams from their sequence.
   */
  restarting: 1012,
  replaced: 4000,
  badRequest: 4400,
  /**
   * Also a connection id held by another owner's live socket: the id is not the caller's. A
   * sign-in that ended closes its sockets with this code and WS_SIGNED_OUT's reason.
   */
  authenticationFailed: 4401,
} as const;
