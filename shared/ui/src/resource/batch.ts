import { ApiError } from '@hcm/session';

/** One record a batch could not change, with the server's reason. */
export interface BatchFailure {
  id: string;
  message: string;
}

export interface BatchOutcome {
  done: string[];
  failed: BatchFailure[];
}

/**
 * Runs one call per id, one after another (the API has no batch sub-path; one at a time keeps the
 * server's load and the order of the audit trail plain), and collects which failed and why.
 */
export async function runBatch(
  ids: readonly string[],
  call: (id: string) => Promise<unknown>,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { done: [], failed: [] };
  for (const id of ids) {
    try {
      await call(id);
      outcome.done.push(id);
    } catch (error) {
      outcome.failed.push({
        id,
        message: error instanceof ApiError || error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcome;
}
