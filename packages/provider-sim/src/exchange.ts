import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimDefaults } from './knobs';
import type { RequestLog, SimRequestRecord } from './request-log';

/** One request being served: the raw HTTP pair plus what the sim knows about it. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  record: SimRequestRecord;
  log: RequestLog;
  defaults: SimDefaults;
  /** Aborts when the client goes away before the sim has finished answering. */
  clientGone: AbortSignal;
  /** The embedder's per-token observer (ProviderSimOptions.onTokenWritten). */
  onTokenWritten: ((record: SimRequestRecord, token: string) => void) | undefined;
  /** Called before the sim destroys the socket itself, so that is not logged as a client close. */
  markSimClosing(): void;
}
