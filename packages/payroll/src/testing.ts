import { i18n } from '@hcm/i18n';
import { PAYROLL_I18N } from './payroll-i18n.ts';

/**
 * For browser tests: the app's Vietnamese texts, as the shell would load them from
 * /i18n/payroll/vi.json (the test server serves the source file).
 */
export async function addPayrollDictionary(): Promise<void> {
  const response = await fetch('/packages/payroll/i18n/vi.json');
  const dictionary = (await response.json()) as Record<string, unknown>;
  i18n.addResourceBundle('vi', PAYROLL_I18N, dictionary, true, true);
}
