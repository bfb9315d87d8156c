/**
 * Keeps markdown work off long main-thread tasks. Deferred jobs (a finished block's
 * highlighting or KaTeX, a grammar registration) run a few at a time, one slice per frame,
 * newest first — in a chat the newest blocks are the ones on screen. Work done inside a render
 * is charged to the current task's budget, so a cold render of a long answer renders what fits
 * and defers the rest.
 *
 * One slice per frame because the DOM a slice adds costs the frame after it about as much again
 * in style and layout (KaTeX output is hundreds of elements per formula): back-to-back slices
 * would pile that up into one long rendering task.
 */

/** Script work allowed per task, in ms: with the style and layout it causes, well under 50 ms. */
export const SLICE_BUDGET_MS = 6;

type Job = () => void;

const queue: Job[] = [];
let runScheduled = false;
let spentInTask = 0;
let taskMarked = false;

const now = () => performance.now();

/** Runs `callback` in a later task, ahead of timers (MessageChannel is not clamped to 4 ms). */
function nextTask(callback: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(callback, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

/** The budget belongs to one task: the next task starts from zero. */
function markTask(): void {
  if (taskMarked) return;
  taskMarked = true;
  nextTask(() => {
    taskMarked = false;
    spentInTask = 0;
  });
}

/** Records work done in the current task (e.g. a block rendered inside a React render). */
export function chargeBudget(ms: number): void {
  markTask();
  spentInTask += ms;
}

/** Whether the current task may still take on more work now rather than defer it. */
export function hasBudget(): boolean {
  return spentInTask < SLICE_BUDGET_MS;
}

/** Times `work` and charges it to the current task. */
export function timed<T>(work: () => T): T {
  const start = now();
  try {
    return work();
  } finally {
    chargeBudget(now() - start);
  }
}

function runSlice(): void {
  runScheduled = false;
  // Its own task: nothing has been spent in it yet.
  spentInTask = 0;
  let job = queue.pop();
  while (job) {
    timed(job);
    if (!hasBudget()) break;
    job = queue.pop();
  }
  if (queue.length > 0) scheduleRun();
}

/** Right after the next frame has rendered (or soon, where there are no frames). */
function afterNextFrame(callback: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') setTimeout(callback, 0);
  else requestAnimationFrame(() => nextTask(callback));
}

function scheduleRun(): void {
  if (runScheduled) return;
  runScheduled = true;
  afterNextFrame(runSlice);
}

/** Queues `job` for a later slice; the returned function drops it if it has not run yet. */
export function scheduleSlice(job: Job): () => void {
  queue.push(job);
  scheduleRun();
  return () => {
    const index = queue.lastIndexOf(job);
    if (index !== -1) queue.splice(index, 1);
  };
}

/** Jobs still waiting (tests). */
export function pendingSlices(): number {
  return queue.length;
}
