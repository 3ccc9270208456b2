/**
 * Wraps an async check so that callers arriving while one run is in flight share its result
 * instead of starting another. Each caller still gets a check that finished after it asked.
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
