import { useEffect, useState } from 'react';
import { LookupTableKindLabels, type LookupTable } from '@hcm/contracts/payroll-lookup-tables';
import type { PayrollLookupTableInfo } from '@hcm/contracts/payroll-variables';
import {
  Button,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle1,
  Text,
  formatDate,
  goTo,
  makeStyles,
  tokens,
  useHasAuthority,
} from '@hcm/ui';
import { api } from '@hcm/session';
import { PayrollVariablePaths, type PayrollVariableCatalogue } from '@hcm/contracts/payroll-variables';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { todayInVietnam } from '../dates.ts';
import { lookupApi } from './lookup-api.ts';
import { versionInForce } from './lookup-rows.ts';
import { ROUTE } from './route.tsx';
import { useLabel } from '../labels.ts';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    minWidth: '40rem',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'top',
    },
    '& th': { fontWeight: tokens.fontWeightSemibold },
  },
  code: { fontFamily: tokens.fontFamilyMonospace },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** Where the records of a derived table are kept, and the words for it. */
const DERIVED_FROM: Readonly<Record<string, { path: string; text: string }>> = {
  LTT_VUNG: { path: '/setting/region-wage', text: 'lookup.derivedFrom.regionWage' },
  HE_SO_BAC: { path: '/pm/payroll-scale', text: 'lookup.derivedFrom.payrollScale' },
};

/** The tenant's lookup tables, the version of each in force today, and the tables derived from records. */
export function LookupTableList() {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const label = useLabel();
  const mayCreate = useHasAuthority('salary_configuration.create');
  const [tables, setTables] = useState<LookupTable[] | null>(null);
  const [derived, setDerived] = useState<PayrollLookupTableInfo[]>([]);
  const [failed, setFailed] = useState(false);
  const today = todayInVietnam();

  useEffect(() => {
    let live = true;
    lookupApi.list().then(
      (list) => live && setTables(list),
      () => live && setFailed(true),
    );
    // the derived tables are the catalogue's: a failure there only hides them
    api
      .get<PayrollVariableCatalogue>(PayrollVariablePaths.catalogue, { ignoreError: true })
      .then((catalogue) => live && setDerived(catalogue.tables.filter((table) => table.derived)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <Text>{t('lookup.intro')}</Text>
      {mayCreate && (
        <div className={styles.toolbar}>
          <Button appearance="primary" onClick={() => goTo(`${ROUTE}/create`)}>
            {t('lookup.create')}
          </Button>
        </div>
      )}
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('lookup.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!tables && !failed && <Spinner size="tiny" label={t('lookup.loading')} />}
      {tables && tables.length === 0 && <Text>{t('lookup.none')}</Text>}
      {tables && tables.length > 0 && (
        <section className={styles.section} aria-labelledby="lookup-stored">
          <Subtitle1 as="h2" id="lookup-stored">
            {t('lookup.tables')}
          </Subtitle1>
          <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="lookup-stored">
            <table className={styles.table} aria-labelledby="lookup-stored">
              <thead>
                <tr>
                  <th scope="col">{t('lookup.code')}</th>
                  <th scope="col">{t('lookup.name')}</th>
                  <th scope="col">{t('lookup.kind')}</th>
                  <th scope="col">{t('lookup.columns')}</th>
                  <th scope="col">{t('lookup.inForce')}</th>
                  <th scope="col">{t('lookup.versionCount')}</th>
                </tr>
              </thead>
              <tbody>
                {tables.map((table) => {
                  const inForce = versionInForce(table.versions, today);
                  return (
                    <tr key={table.id}>
                      <td>
                        <Link
                          className={styles.code}
                          href={`${ROUTE}/${table.id}`}
                          onClick={(event) => {
                            event.preventDefault();
                            goTo(`${ROUTE}/${table.id}`);
                          }}
                        >
                          {table.code}
                        </Link>
                      </td>
                      <td>{table.name}</td>
                      <td>{label(LookupTableKindLabels[table.kind])}</td>
                      <td>{table.columns.map((column) => `${column.code} (${column.name})`).join(', ')}</td>
                      <td>{inForce ? formatDate(inForce.effectiveFrom, 'date') : t('lookup.noneInForce')}</td>
                      <td>{table.versions.length}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {derived.length > 0 && (
        <section className={styles.section} aria-labelledby="lookup-derived">
          <Subtitle1 as="h2" id="lookup-derived">
            {t('lookup.derived')}
          </Subtitle1>
          <Text>{t('lookup.derivedIntro')}</Text>
          <ul>
            {derived.map((table) => {
              const from = DERIVED_FROM[table.code];
              return (
                <li key={table.code}>
                  <span className={styles.code}>{table.code}</span> — {label(table.label)}
                  {from && (
                    <>
                      {' '}
                      (
                      <Link
                        href={from.path}
                        onClick={(event) => {
                          event.preventDefault();
                          goTo(from.path);
                        }}
                      >
                        {t(from.text)}
                      </Link>
                      )
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
