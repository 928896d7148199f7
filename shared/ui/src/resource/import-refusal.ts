import { FieldErrorKeys } from '@hcm/contracts';
import { ApiError } from '@hcm/session';
import { failureText, type UiTranslate } from '../i18n/failure-text.ts';
import { uiText } from '../i18n/ui-i18n.ts';

/**
 * The import's own words for what is wrong with the workbook as a whole (the server's field
 * `file`): `error.required` there is a missing column or no data row, `error.invalidValue` a
 * file that is no xlsx, arrived cut short, or has values outside the template's columns.
 */
const WORKBOOK_PROBLEMS: Readonly<Record<string, string>> = {
  [FieldErrorKeys.required]: 'resource.importIncomplete',
  [FieldErrorKeys.invalidValue]: 'resource.importUnreadable',
};

/**
 * Why an import was refused, in the user's words (never the server's English): the workbook's
 * problem by its key, else failureText (a bound on `file` with the upload's label, a 403 naming
 * the permission, a 413, …), else "the file could not be imported".
 */
export function importRefusalText(error: unknown, t: UiTranslate = uiText): string {
  const problem =
    error instanceof ApiError ? error.fieldErrors.find((item) => item.field === 'file') : undefined;
  const own = problem ? WORKBOOK_PROBLEMS[problem.code] : undefined;
  if (own) return t(own);
  return failureText(
    error,
    {
      label: (field) => (field === 'file' ? t('resource.importFile') : undefined),
      fallback: t('resource.importRefused'),
    },
    t,
  );
}
