/**
 * Loaded into the measured server with `node --import` (bench/lib/server.ts): the event loop's delay, read and
 * reset over the IPC channel, so the bench can say whether the server's thread stalled during each scenario.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

// Each sample is the time between two ticks of a 1 ms timer: the delay is what exceeds that millisecond.
const RESOLUTION_MS = 1;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

process.on('message', (message) => {
  if (message !== 'loop-delay') return;
  process.send?.({
    type: 'loop-delay',
    maxMs: Math.max(0, histogram.max / 1e6 - RESOLUTION_MS),
    p99Ms: Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS),
  });
  histogram.reset();
});
// The channel must not keep the server alive once it closes its listener.
process.channel?.unref();
