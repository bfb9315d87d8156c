import type { Exchange } from './exchange';
import { sendJson, sleep, untilAborted } from './http-io';
import { isHttpFault, type SimKnobs } from './knobs';
import type { GenerationContext, WireError, WireFormat } from './wire-format';

/** Lets already written bytes reach the client before the socket is destroyed. */
const FLUSH_BEFORE_DROP_MS = 15;

export interface GenerationRun {
  wire: WireFormat;
  context: GenerationContext;
  knobs: SimKnobs;
  stream: boolean;
  /** The error a fault-after HTTP fault sends inside the stream. */
  streamFault: WireError | undefined;
}

async function dropConnection(exchange: Exchange): Promise<void> {
  await sleep(FLUSH_BEFORE_DROP_MS, exchange.clientGone);
  exchange.markSimClosing();
  exchange.res.socket?.destroy();
  exchange.log.finish(exchange.record, 'dropped');
}

async function stallConnection(exchange: Exchange): Promise<void> {
  // The connection stays open with nothing more sent until the client (or close()) gives up.
  exchange.log.update(exchange.record, { outcome: 'stalled' });
  await untilAborted(exchange.clientGone);
}

/** Where a drop, stall, malformed event or in-stream error falls: by default, half way. */
function faultPosition(run: GenerationRun): number | undefined {
  const { fault, faultAfterTokens } = run.knobs;
  if (fault === undefined) return undefined;
  if (isHttpFault(fault)) return run.streamFault ? faultAfterTokens : undefined;
  return faultAfterTokens ?? Math.floor(run.context.tokens.length / 2);
}

async function serveStream(exchange: Exchange, run: GenerationRun): Promise<void> {
  const { res, clientGone, log, record } = exchange;
  const { wire, context, knobs } = run;
  res.writeHead(200, {
    ...wire.responseHeaders(context),
    'content-type': wire.streamContentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  if (!(await sleep(knobs.ttftMs, clientGone))) return;
  res.write(wire.streamStart(context));

  const cutAt = faultPosition(run);
  const intervalMs = 1000 / knobs.tokensPerSecond;
  const startedAt = performance.now();
  for (let index = 0; index <= context.tokens.length; index++) {
    if (index === cutAt && knobs.fault === 'malformed') {
      res.write(wire.malformedStreamEvent(context));
    } else if (index === cutAt) {
      if (run.streamFault) {
        // A separate write, so clients that look for a whole error object in one read find it.
        if (!(await sleep(FLUSH_BEFORE_DROP_MS, clientGone))) return;
        res.end(wire.streamError(run.streamFault, context));
        log.finish(record, 'error');
      } else if (knobs.fault === 'drop') {
        await dropConnection(exchange);
      } else {
        await stallConnection(exchange);
      }
      return;
    }
    const token = context.tokens[index];
    if (token === undefined) break;
    const waitMs = startedAt + index * intervalMs - performance.now();
    // Timers cannot fire faster than ~1 ms, so fast rates send several tokens per tick.
    if (waitMs >= 1 && !(await sleep(waitMs, clientGone))) return;
    if (clientGone.aborted) return;
    res.write(wire.streamToken(context, token));
    exchange.onTokenWritten?.(record, token);
    log.update(record, {
      tokensSent: index + 1,
      firstTokenAt: record.firstTokenAt ?? Date.now(),
    });
  }
  for (const event of wire.streamToolCalls(context)) {
    if (!(await sleep(intervalMs, clientGone))) return;
    res.write(event);
  }
  if (context.toolCalls.length > 0)
    log.update(record, { firstTokenAt: record.firstTokenAt ?? Date.now() });
  res.end(wire.streamEnd(context));
  log.finish(record, 'completed');
}

async function serveCompletion(exchange: Exchange, run: GenerationRun): Promise<void> {
  const { clientGone, log, record } = exchange;
  const { knobs, context } = run;
  if (!(await sleep(knobs.ttftMs, clientGone))) return;
  if (knobs.fault === 'drop') return dropConnection(exchange);
  if (knobs.fault === 'stall') return stallConnection(exchange);
  const generationMs = (context.tokens.length / knobs.tokensPerSecond) * 1000;
  if (!(await sleep(generationMs, clientGone))) return;
  const reply =
    knobs.fault === 'malformed'
      ? run.wire.malformedCompletion(context)
      : run.wire.completion(context);
  sendJson(exchange.res, 200, reply, run.wire.responseHeaders(context));
  log.update(record, { tokensSent: context.tokens.length, firstTokenAt: Date.now() });
  log.finish(record, 'completed');
}

/** Sends a generation paced by the knobs: ttft, then tokens at the set rate, faults on cue. */
export function serveGeneration(exchange: Exchange, run: GenerationRun): Promise<void> {
  exchange.log.update(exchange.record, { status: 200 });
  return run.stream ? serveStream(exchange, run) : serveCompletion(exchange, run);
}
