import { Link, goTo } from '@hcm/ui';
import { usePayrollTranslation } from '../payroll-i18n.ts';

/** Salary › Config › Payroll rules: the lookup tables' pages are at it and below it. */
export const ROUTE = '/pm/payroll-rules';

/** Where a page below the route leads back to. */
export function BackToList() {
  const { t } = usePayrollTranslation();
  return (
    <Link
      href={ROUTE}
      onClick={(event) => {
        event.preventDefault();
        goTo(ROUTE);
      }}
    >
      {t('lookup.back')}
    </Link>
  );
}
