/**
 * Reads until `done` holds and answers the value read: a test waits for a state (a job
 * completed, a row written), never for a duration; the short pause only paces the asking, and
 * the test's own time limit ends a wait that never comes true.
 */
export async function waitForState<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
