import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into the bench's server (`--import`): an event-loop delay histogram at 2 ms
 * resolution. Each SIGUSR2 prints what the loop saw since the previous one, so the bench can
 * bracket one phase without touching the server's code.
 */
const histogram = monitorEventLoopDelay({ resolution: 2 });
histogram.enable();

function ms(nanoseconds: number): string {
  return (nanoseconds / 1e6).toFixed(1);
}

process.on('SIGUSR2', () => {
  process.stderr.write(
    `[loop-probe] event-loop delay ms: p50 ${ms(histogram.percentile(50))} p99 ${ms(histogram.percentile(99))} max ${ms(histogram.max)} (${histogram.count} samples)\n`,
  );
  histogram.reset();
});
