import { parentPort } from 'node:worker_threads';
import { rateTable } from './arena-ratings';
import type { FitReply, FitRequest } from './fit-messages';

/**
 * A worker thread of the arena's background round: fits the boards' pairwise tables it is sent
 * (typed arrays, transferred) and answers with their ratings. The production bundle builds it
 * as dist/arena-fit-worker.js beside dist/main.js (scripts/bundle-server.ts).
 */
const port = parentPort;
if (port === null) throw new Error('arena-fit-worker runs as a worker thread');
port.on('message', (request: FitRequest) => {
  let reply: FitReply;
  try {
    reply = { id: request.id, ratings: rateTable(request.table, request.options) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
