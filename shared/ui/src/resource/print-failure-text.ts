import { useCallback } from 'react';
import { ApiError } from '@hcm/session';
import { useFailureText } from '../i18n/failure-text.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';

/** The field the server names when the chosen template cannot be used for the record. */
const TEMPLATE_FIELD = 'templateId';

/**
 * A refused print in the user's words, never the server's English: a template the record cannot
 * be filled into (400 on `templateId`: packages/server print-document.ts, render-docx.ts) by the
 * print's own text, which says what to do, naming the placeholders the record does not have
 * (as the template's author typed them) when the server names them; anything else as
 * failureText says it (a 403 and why, a 413, a 5xx), the dialog's `fallback` when nothing more
 * precise can be said.
 */
export function usePrintFailureText(): (error: unknown, fallback: string) => string {
  const { t } = useUiTranslation();
  const failureText = useFailureText();
  return useCallback(
    (error: unknown, fallback: string) => {
      const template =
        error instanceof ApiError && error.status === 400
          ? error.fieldErrors.find((problem) => problem.field === TEMPLATE_FIELD)
          : undefined;
      if (!template) return failureText(error, { fallback });
      const placeholders = template.params?.placeholders;
      return typeof placeholders === 'string' && placeholders
        ? t('print.unknownPlaceholders', { placeholders })
        : t('print.templateRefused');
    },
    [t, failureText],
  );
}
