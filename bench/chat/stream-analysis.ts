import type { StreamStamps } from './sim-stamps';
import type { StreamObservation } from './stream-clients';

export interface PathResult {
  streams: number;
  ttftMs: number[];
  tokenLatencyMs: number[];
  /** Streams whose text or token count differs from what the upstream sent, or that failed. */
  broken: number;
  firstError: string | undefined;
  tokensSent: number;
  tokensReceived: number;
}

/**
 * Ties every upstream stamp to the first arrival that carried its text (by text length, so
 * tokens merged under backpressure still count once each) and checks nothing was lost.
 */
export function analyse(
  observations: readonly StreamObservation[],
  stamps: Readonly<Record<string, StreamStamps>>,
): PathResult {
  const result: PathResult = {
    streams: observations.length,
    ttftMs: [],
    tokenLatencyMs: [],
    broken: 0,
    firstError: undefined,
    tokensSent: 0,
    tokensReceived: 0,
  };
  for (const seen of observations) {
    const sent = stamps[seen.tag];
    result.tokensSent += sent?.chunks ?? 0;
    result.tokensReceived += seen.tokens;
    const intact = !seen.error && sent !== undefined && sent.text === seen.text && sent.chunks === seen.tokens;
    if (!intact) {
      result.broken += 1;
      result.firstError ??=
        seen.error ??
        (sent ? `text/tokens differ: sent ${sent.chunks}, received ${seen.tokens}` : 'upstream never saw it');
      continue;
    }
    if (seen.firstTokenAt !== undefined) result.ttftMs.push(seen.firstTokenAt - seen.startedAt);
    let next = 0;
    for (const [emittedAt, length] of sent.stamps) {
      while (next < seen.arrivals.length && (seen.arrivals[next]?.[1] ?? 0) < length) next += 1;
      const arrival = seen.arrivals[next];
      if (arrival) result.tokenLatencyMs.push(arrival[0] - emittedAt);
    }
  }
  return result;
}
