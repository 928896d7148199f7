import { useCallback, useState } from 'react';
import { ReportNotFound, Title2, makeStyles, tokens, useBrowserLocation } from '@hcm/ui';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { LookupTableCreate } from './LookupTableCreate.tsx';
import { LookupTableDetail } from './LookupTableDetail.tsx';
import { LookupTableList } from './LookupTableList.tsx';
import { ROUTE } from './route.tsx';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '1100px',
    minWidth: 0,
  },
});

/**
 * Salary › Config › Payroll rules (/pm/payroll-rules; docs/payroll-app.md): the lookup tables
 * formulas read with LOOKUP(table, key, "column") — the income-tax bands, a tenant's own scales —
 * each with versions by effective date and their rows; those derived from the records (region
 * minimum wages, the payroll scale) named with where they are kept. The list at the route, a new
 * table at /create, a table's versions and rows at /{id}.
 */
export default function LookupTablePages() {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const { pathname } = useBrowserLocation();
  const rest = pathname.replace(/\/+$/, '').slice(ROUTE.length).split('/').filter(Boolean);
  // a table's page is headed by the table once it is read (the title belongs to its path)
  const [title, setTitle] = useState<{ path: string; text: string } | null>(null);
  const onTitle = useCallback((text: string) => setTitle({ path: pathname, text }), [pathname]);
  const shownTitle = title?.path === pathname ? title.text : null;
  let page;
  if (rest.length === 0) page = <LookupTableList />;
  else if (rest.length === 1 && rest[0] === 'create') page = <LookupTableCreate />;
  else if (rest.length === 1 && rest[0])
    page = <LookupTableDetail id={decodeURIComponent(rest[0])} onTitle={onTitle} />;
  else return <ReportNotFound />;
  return (
    <div className={styles.page}>
      <Title2 as="h1">
        {rest.length === 0 ? t('pages.payrollRules') : (shownTitle ?? t('lookup.title'))}
      </Title2>
      {page}
    </div>
  );
}
