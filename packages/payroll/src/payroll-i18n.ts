import { useTranslation } from '@hcm/i18n';

/** The app's i18n namespace: its page texts are /i18n/payroll/<lang>.json. */
export const PAYROLL_I18N = 'payroll';

export const usePayrollTranslation = () => useTranslation(PAYROLL_I18N);
