import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { CDPSession } from 'playwright-core';

/** The trace categories of the DevTools performance panel, without the JS sampler. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'v8',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/** Starts a Chromium trace on the page's CDP session. */
export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
}

/**
 * Ends the trace, writes it to `file` (open it in the DevTools performance panel) and answers
 * the events `longTasks` reads. The trace goes to the file chunk by chunk and is read back one
 * event per line (Chromium writes each on its own line): a trace of a long scroll is larger
 * than the longest string V8 can hold.
 */
export async function endTrace(cdp: CDPSession, file: string): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
  );
  await cdp.send('Tracing.end');
  const handle = await complete;
  const out = openSync(file, 'w');
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    writeSync(out, Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8'));
    if (chunk.eof) break;
  }
  closeSync(out);
  await cdp.send('IO.close', { handle });
  const events: TraceEvent[] = [];
  for await (const line of createInterface({ input: createReadStream(file) })) {
    const text = line.trim().replace(/,$/, '');
    if (!text.startsWith('{"') || text.startsWith('{"traceEvents"')) continue;
    // The last event shares its line with the end of the list; the metadata follows it.
    const listEnd = text.indexOf('}],"metadata"');
    const event = JSON.parse(listEnd === -1 ? text : text.slice(0, listEnd + 1)) as TraceEvent;
    // Only what a long task's breakdown needs: the samples alone are most of a trace.
    if (event.ph === 'X' || event.ph === 'M') events.push(event);
    if (listEnd !== -1) break;
  }
  return events;
}

/** A main-thread task over the threshold and where its time went (self time per event name). */
export interface LongTask {
  startMs: number;
  durationMs: number;
  selfMs: Map<string, number>;
}

/** The event's name, with the script's function for JS calls (what the performance panel shows). */
function label(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'FunctionCall' && data?.functionName)
    return `FunctionCall ${data.functionName} (${(data.url ?? '').split('/').pop() ?? ''})`;
  return event.name;
}

/**
 * The renderer main thread's tasks longer than `thresholdMs`, each with the self time of the
 * events inside it (time in an event not spent in a nested one), largest first.
 */
export function longTasks(events: TraceEvent[], thresholdMs = 50): LongTask[] {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const isMain = (e: TraceEvent) => mains.some((m) => m.pid === e.pid && m.tid === e.tid);
  const slices = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && isMain(e))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: LongTask[] = [];
  const stack: { end: number; name: string; self: number }[] = [];
  let task: LongTask | null = null;
  const close = (until: number) => {
    for (let top = stack.at(-1); top && top.end <= until; top = stack.at(-1)) {
      stack.pop();
      if (task) task.selfMs.set(top.name, (task.selfMs.get(top.name) ?? 0) + top.self / 1000);
    }
    if (stack.length === 0 && task) {
      tasks.push(task);
      task = null;
    }
  };
  for (const event of slices) {
    close(event.ts);
    const dur = event.dur ?? 0;
    const parent = stack.at(-1);
    if (parent) parent.self -= dur;
    else if (dur / 1000 > thresholdMs)
      task = { startMs: event.ts / 1000, durationMs: dur / 1000, selfMs: new Map() };
    stack.push({ end: event.ts + dur, name: label(event), self: dur });
  }
  close(Number.POSITIVE_INFINITY);
  return tasks;
}

/** One line per long task: its length and the events that took most of it. */
export function describeLongTasks(tasks: LongTask[], top = 6): string[] {
  const first = tasks[0]?.startMs ?? 0;
  return tasks.map((t) => {
    const parts = [...t.selfMs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
    return `+${(t.startMs - first).toFixed(0)} ms: ${t.durationMs.toFixed(1)} ms — ${parts.join(', ')}`;
  });
}
