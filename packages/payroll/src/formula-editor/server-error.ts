import type { FieldError } from '@hcm/ui';

/**
 * The words of the payroll module's refusal on a field (422: a formula's error, a template's
 * component missing, a change that breaks another formula), whose params carry the whole message
 * in both languages (`vi`, `en`: FormulaFieldErrorParams of @hcm/contracts/salary-components),
 * in the page's language; null for any other error (the form's own, "required" and limits, are
 * the kit's to say).
 */
export function serverFormulaError(error: FieldError | null | undefined, language: string): string | null {
  const params = error?.params;
  if (!params || typeof params.vi !== 'string' || typeof params.en !== 'string') return null;
  return language === 'en' ? params.en : params.vi;
}
