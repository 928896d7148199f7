import { ApiError, api } from '@hcm/session';

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

/**
 * Sets the status of every selected record in ONE request (`{base}/active/batch` or
 * `/inactive/batch`): the server changes all of them or none, and its refusal names the record.
 */
export async function setStatusOfAll(
  apiPath: string,
  ids: readonly string[],
  active: boolean,
): Promise<BatchOutcome> {
  try {
    await api.post<{ ids: string[] }>(
      `${apiPath}/${active ? 'active' : 'inactive'}/batch`,
      { ids },
      {
        ignoreError: true,
      },
    );
    return { done: [...ids], failed: [] };
  } catch (error) {
    const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
    return { done: [], failed: ids.map((id) => ({ id, message })) };
  }
}
