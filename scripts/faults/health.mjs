// Watches /api/health through a fault: what it answered (200, 503, or nothing) and how long
// each probe took, so a script can say when the server saw the outage and when it recovered.
import { performance } from 'node:perf_hooks';

const PROBE_EVERY_MS = 250;

export function watchHealth(target) {
  const probes = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const status = await fetch(`${target()}/api/health`, { signal: AbortSignal.timeout(15_000) })
        .then((response) => response.status)
        .catch(() => 0);
      probes.push({ at: Date.now(), status, ms: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    probes,
    /** Resolves with the time of the first 200 at or after `since`, or undefined after `withinMs`. */
    async healthySince(since, withinMs) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const healthy = probes.find((probe) => probe.at >= since && probe.status === 200);
        if (healthy) return healthy.at;
        if (Date.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
