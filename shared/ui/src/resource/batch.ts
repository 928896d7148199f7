import { ApiError, api } from '@hcm/session';
import { failureText } from '../i18n/failure-text.ts';
import { uiText } from '../i18n/ui-i18n.ts';

/** One record a batch could not change, with the server's reason in the user's words (failureText). */
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
      outcome.failed.push({ id, message: failureText(error) });
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
    const message = failureText(error);
    // the server names the record it refused (`params.id`): the others were rolled back with it
    const named = error instanceof ApiError ? error.params.id : undefined;
    if (typeof named !== 'string' || !ids.includes(named))
      return { done: [], failed: ids.map((id) => ({ id, message })) };
    const withIt = uiText('resource.batch.rolledBack');
    return { done: [], failed: ids.map((id) => ({ id, message: id === named ? message : withIt })) };
  }
}
