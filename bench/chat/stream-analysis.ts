import { formatMs, percentile } from '../lib/stats';
import type { StreamStamps } from './sim-stamps';
import type { StreamObservation } from './stream-clients';

export interface PathResult {
  streams: number;
  ttftMs: number[];
  /** TTFT's first part: from the send to the upstream writing the first token (the request's way in). */
  firstEmitMs: number[];
  /** TTFT's second part: the first token's way out, from the upstream's write to the client. */
  firstTokenLatencyMs: number[];
  tokenLatencyMs: number[];
  /** Streams whose text or token count differs from what the upstream sent, or that failed. */
  broken: number;
  firstError: string | undefined;
  tokensSent: number;
  tokensReceived: number;
  /** [emitted at ms, latency ms] of every matched token: where in the run the tail sits. */
  timeline: Array<[number, number]>;
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
    firstEmitMs: [],
    firstTokenLatencyMs: [],
    tokenLatencyMs: [],
    broken: 0,
    firstError: undefined,
    tokensSent: 0,
    tokensReceived: 0,
    timeline: [],
  };
  for (const seen of observations) {
    const sent = stamps[seen.tag];
    result.tokensSent += sent?.chunks ?? 0;
    result.tokensReceived += seen.tokens;
    const intact =
      !seen.error && sent !== undefined && sent.text === seen.text && sent.chunks === seen.tokens;
    if (!intact) {
      result.broken += 1;
      result.firstError ??=
        seen.error ??
        (sent
          ? `text/tokens differ: sent ${sent.chunks}, received ${seen.tokens}`
          : 'upstream never saw it');
      continue;
    }
    if (seen.firstTokenAt !== undefined) result.ttftMs.push(seen.firstTokenAt - seen.startedAt);
    const firstEmit = sent.stamps[0]?.[0];
    if (firstEmit !== undefined && seen.firstTokenAt !== undefined) {
      result.firstEmitMs.push(firstEmit - seen.startedAt);
      result.firstTokenLatencyMs.push(seen.firstTokenAt - firstEmit);
    }
    let next = 0;
    for (const [emittedAt, length] of sent.stamps) {
      while (next < seen.arrivals.length && (seen.arrivals[next]?.[1] ?? 0) < length) next += 1;
      const arrival = seen.arrivals[next];
      if (!arrival) continue;
      result.tokenLatencyMs.push(arrival[0] - emittedAt);
      result.timeline.push([emittedAt, arrival[0] - emittedAt]);
    }
  }
  return result;
}

/** Token latency per second of the run (by emit time): p50 / p99 / max and how many tokens. */
export function latencyBySecond(result: PathResult): Array<Record<string, string | number>> {
  let start = Infinity;
  for (const [at] of result.timeline) start = Math.min(start, at);
  const buckets = new Map<number, number[]>();
  for (const [at, latency] of result.timeline) {
    const second = Math.floor((at - start) / 1000);
    let bucket = buckets.get(second);
    if (!bucket) buckets.set(second, (bucket = []));
    bucket.push(latency);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, latencies]) => ({
      second,
      tokens: latencies.length,
      'p50 ms': formatMs(percentile(latencies, 50)),
      'p99 ms': formatMs(percentile(latencies, 99)),
      'max ms': formatMs(percentile(latencies, 100)),
    }));
}
