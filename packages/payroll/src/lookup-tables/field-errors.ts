import { i18n } from '@hcm/i18n';
import type { ApiError } from '@hcm/session';
import { UI_NAMESPACE } from '@hcm/ui';

/**
 * The server's field errors of a refusal (400 with `errors`), each in the user's words by its
 * key (the portal's dictionary, `error.lookupBandOrder` with its row and bounds), else its own
 * message; by field path (`code`, `columns[1].code`, `rows[3].values.THUE_SUAT`), the first of each.
 */
export function fieldErrorsOf(error: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const problem of error.fieldErrors) {
    const params = { ...(problem.params ?? {}) };
    out[problem.field] ??= i18n.exists(problem.code, { ns: UI_NAMESPACE })
      ? i18n.t(problem.code, { ns: UI_NAMESPACE, ...params })
      : problem.message;
  }
  return out;
}
