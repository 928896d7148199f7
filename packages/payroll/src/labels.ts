import type { Label } from '@hcm/contracts/resource';
import { usePayrollTranslation } from './payroll-i18n.ts';

/**
 * A label's text in the page's language: the contracts' labels and the ones the server answers
 * (the variable catalogue's), whose two texts come with them.
 */
export function useLabel(): (label: Pick<Label, 'vi' | 'en'>) => string {
  const { i18n } = usePayrollTranslation();
  const english = i18n.language === 'en';
  return (label) => (english ? label.en : label.vi);
}
