import { Fragment, useEffect, useState } from 'react';
import { Paging } from '@hcm/contracts';
import { parameterContract } from '@hcm/contracts/settings';
import { api } from '@hcm/session';
import {
  Button,
  DateInput,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  ReportNotFound,
  Spinner,
  Text,
  Title2,
  formatDate,
  formatNumber,
  makeStyles,
  tokens,
  useBrowserLocation,
  useFailureText,
  useHasAuthority,
} from '@hcm/ui';
import { dayAsDate, isoDay, todayInVietnam } from '../dates.ts';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { NewValueForm } from './NewValueForm.tsx';
import {
  isPercent,
  parameterHistories,
  type ParameterHistory,
  type ParameterRow,
} from './parameter-history.ts';

export const ROUTE = '/pm/default-parameter';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '1100px',
    minWidth: 0,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  scroll: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    minWidth: '44rem',
    '& th, & td': {
      textAlign: 'left',
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'top',
    },
  },
  number: { textAlign: 'right', whiteSpace: 'nowrap' },
  code: { fontFamily: tokens.fontFamilyMonospace },
  history: { backgroundColor: tokens.colorNeutralBackground2 },
  past: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** Every parameter record of the tenant (tens of codes, a few values each), page after page. */
async function readParameters(): Promise<ParameterRow[]> {
  const rows: ParameterRow[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await api.get<ParameterRow[]>(parameterContract.apiPath, {
      params: { pageIndex, pageSize: Paging.maxPageSize, sortBy: 'code.asc' },
      ignoreError: true,
    });
    rows.push(...page);
    if (page.length < Paging.maxPageSize) return rows;
  }
}

/** A value as HR reads it: đồng with their unit, a rate with %, other numbers as they are. */
export function shownValue(row: Pick<ParameterRow, 'value' | 'unit'>): string {
  const number = formatNumber(row.value, { decimals: 3 });
  if (!row.unit) return number;
  return isPercent(row.unit) ? `${number} %` : `${number} ${row.unit}`;
}

const normal = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'd').toLowerCase();

/**
 * Salary › Config › Default parameters (/pm/default-parameter; docs/payroll-app.md): the
 * payroll's parameters — the parameter records formulas read by code, each the value in force on
 * the period's last day — as one line per code: the value in force on the day chosen (today by
 * default), since when, and the next value already dated; its history below it on demand. A
 * change is a new value from its effective date, after every value the code has: history is
 * never edited here (a mistaken value is corrected in Settings › Parameter management).
 */
export default function DefaultParametersPage() {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const failureText = useFailureText();
  const { pathname } = useBrowserLocation();
  const mayAdd = useHasAuthority('tenant_configuration.create');
  const [rows, setRows] = useState<ParameterRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [day, setDay] = useState<Date | null>(() => dayAsDate(todayInVietnam()));
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readParameters().then(
      (read) => live && setRows(read),
      (error: unknown) => live && setFailed(failureText(error)),
    );
    return () => {
      live = false;
    };
  }, [reads, failureText]);

  if (pathname.replace(/\/+$/, '') !== ROUTE) return <ReportNotFound />;

  const asOf = day && !Number.isNaN(day.getTime()) ? isoDay(day) : todayInVietnam();
  const needle = normal(keyword.trim());
  const histories = parameterHistories(rows ?? [], asOf).filter(
    (history) =>
      needle === '' || normal(history.code).includes(needle) || normal(history.name).includes(needle),
  );
  const toggle = (code: string) => {
    const next = new Set(open);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    setOpen(next);
  };
  const dayLabel = t('parameters.asOf');

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('pages.defaultParameter')}</Title2>
      <Text>{t('parameters.intro')}</Text>
      <div className={styles.toolbar}>
        <Field label={dayLabel}>
          <DateInput label={dayLabel} value={day} onChange={setDay} />
        </Field>
        <Field label={t('parameters.search')}>
          <Input type="search" value={keyword} onChange={(_event, data) => setKeyword(data.value)} />
        </Field>
      </div>
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{failed}</MessageBarBody>
        </MessageBar>
      )}
      {!rows && !failed && <Spinner size="tiny" label={t('parameters.loading')} />}
      {rows && histories.length === 0 && <Text>{t('parameters.none')}</Text>}
      {rows && histories.length > 0 && (
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={t('parameters.table')}>
          <table className={styles.table} aria-label={t('parameters.table')}>
            <thead>
              <tr>
                <th scope="col">{t('parameters.code')}</th>
                <th scope="col">{t('parameters.name')}</th>
                <th scope="col" className={styles.number}>
                  {t('parameters.value', { date: formatDate(asOf, 'date') })}
                </th>
                <th scope="col">{t('parameters.since')}</th>
                <th scope="col">{t('parameters.next')}</th>
                <th scope="col">{t('parameters.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {histories.map((history) => (
                <ParameterLines
                  key={history.code}
                  history={history}
                  open={open.has(history.code)}
                  onToggle={() => toggle(history.code)}
                  mayAdd={mayAdd}
                  adding={adding === history.code}
                  onAdd={() => setAdding(history.code)}
                  onAdded={() => {
                    setAdding(null);
                    setReads((n) => n + 1);
                  }}
                  onCancel={() => setAdding(null)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ParameterLines({
  history,
  open,
  onToggle,
  mayAdd,
  adding,
  onAdd,
  onAdded,
  onCancel,
}: {
  history: ParameterHistory;
  open: boolean;
  onToggle: () => void;
  mayAdd: boolean;
  adding: boolean;
  onAdd: () => void;
  onAdded: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  const { inForce, next } = history;
  const historyId = `parameter-history-${history.code}`;
  return (
    <Fragment>
      <tr>
        <td className={styles.code}>{history.code}</td>
        <td>{history.name}</td>
        <td className={styles.number}>{inForce ? shownValue(inForce) : t('parameters.notYet')}</td>
        <td>{inForce ? formatDate(inForce.effectiveDate, 'date') : ''}</td>
        <td>
          {next
            ? t('parameters.nextValue', {
                value: shownValue(next),
                date: formatDate(next.effectiveDate, 'date'),
              })
            : ''}
        </td>
        <td>
          <div className={styles.actions}>
            <Button
              size="small"
              aria-expanded={open}
              aria-controls={open ? historyId : undefined}
              aria-label={t('parameters.historyOf', { code: history.code, count: history.values.length })}
              onClick={onToggle}
            >
              {t('parameters.history', { count: history.values.length })}
            </Button>
            {mayAdd && !adding && (
              <Button
                size="small"
                aria-label={t('parameters.addValueOf', { code: history.code })}
                onClick={onAdd}
              >
                {t('parameters.addValue')}
              </Button>
            )}
          </div>
        </td>
      </tr>
      {open && (
        <tr id={historyId} className={styles.history}>
          <td colSpan={6}>
            <table className={styles.table} aria-label={t('parameters.historyTable', { code: history.code })}>
              <thead>
                <tr>
                  <th scope="col">{t('parameters.effectiveDate')}</th>
                  <th scope="col" className={styles.number}>
                    {t('parameters.valueOnly')}
                  </th>
                  <th scope="col">{t('parameters.name')}</th>
                </tr>
              </thead>
              <tbody>
                {history.values.map((row) => (
                  <tr key={row.id} className={row === inForce ? undefined : styles.past}>
                    <td>
                      {formatDate(row.effectiveDate, 'date')}
                      {row === inForce ? ` (${t('parameters.inForce')})` : ''}
                    </td>
                    <td className={styles.number}>{shownValue(row)}</td>
                    <td>{row.name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </td>
        </tr>
      )}
      {adding && (
        <tr className={styles.history}>
          <td colSpan={6}>
            <NewValueForm history={history} onAdded={onAdded} onCancel={onCancel} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}
