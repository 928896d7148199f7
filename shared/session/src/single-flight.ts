/**
 * Wraps an async task so that calls made while it runs share its one promise, and the next call
 * after it settles starts it again. Used so that many concurrent 401s make one refresh call.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= task().finally(() => {
      running = null;
    });
    return running;
  };
}
